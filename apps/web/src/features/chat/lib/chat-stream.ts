import type { ChatStreamEvent } from '@filmroom/contract';

/** What the parser hands back for a line that is no event it knows (spec §8: only logged). */
export type UnparseableLine = (line: string) => void;

export type ChatStreamParser = {
  /** Reads the next chunk; returns the events it completed, in order. */
  push: (chunk: Uint8Array | string) => ChatStreamEvent[];
  /** The stream ended: the last line, when it had no newline after it. */
  end: () => ChatStreamEvent[];
};

const DATA_FIELD = 'data:';

/** A checked event: the web app does not ship the contract's schemas, so the shape is tested here. */
function toChatStreamEvent(value: unknown): ChatStreamEvent | null {
  if (typeof value !== 'object' || value === null || !('type' in value)) return null;
  const content = 'content' in value ? value.content : undefined;
  switch (value.type) {
    case 'complete':
      return { type: 'complete' };
    case 'partial':
    case 'error':
      return typeof content === 'string' ? { type: value.type, content } : null;
    default:
      return null;
  }
}

/**
 * Reads the answer stream of POST /api/videos/:id/chat (spec §7): lines `data: <JSON>`, each
 * event followed by a blank line. The network cuts the bytes anywhere, inside a line and inside
 * a character (a `°` is two bytes), so text is decoded as a stream and only whole lines are read.
 * Blank lines and server-sent-event comments (`: keep-alive`) are skipped; anything else that is
 * not a known event goes to `onUnparseable` and the stream carries on.
 */
export function createChatStreamParser(onUnparseable: UnparseableLine): ChatStreamParser {
  const decoder = new TextDecoder();
  let pending = '';

  const readLine = (rawLine: string): ChatStreamEvent[] => {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line.trim() === '' || line.startsWith(':')) return [];
    if (!line.startsWith(DATA_FIELD)) {
      onUnparseable(line);
      return [];
    }
    // Server-sent events allow one optional space after the colon.
    const payload = line.slice(DATA_FIELD.length).replace(/^ /, '');
    let event: ChatStreamEvent | null = null;
    try {
      event = toChatStreamEvent(JSON.parse(payload));
    } catch {
      event = null;
    }
    if (!event) {
      onUnparseable(line);
      return [];
    }
    return [event];
  };

  return {
    push(chunk) {
      pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      return lines.flatMap(readLine);
    },
    end() {
      const rest = pending + decoder.decode();
      pending = '';
      return readLine(rest);
    },
  };
}
