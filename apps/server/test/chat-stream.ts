import { chatStreamEventSchema, type ChatStreamEvent } from '@filmroom/contract';

/**
 * Reads the chat's event stream as a browser client would (spec §8): text arrives in chunks
 * that may end anywhere, even inside a line or a character; lines beginning `data: ` carry one
 * JSON event each; blank lines separate events; a line that does not parse is only reported.
 */
export function chatStreamParser(onUnparseable: (line: string) => void = () => undefined) {
  const decoder = new TextDecoder();
  let buffer = '';
  const parseLine = (line: string): ChatStreamEvent[] => {
    if (!line.startsWith('data: ')) {
      if (line.trim()) onUnparseable(line);
      return [];
    }
    try {
      return [chatStreamEventSchema.parse(JSON.parse(line.slice('data: '.length)))];
    } catch {
      onUnparseable(line);
      return [];
    }
  };
  return {
    /** The events completed by this chunk. */
    push(chunk: Uint8Array | string): ChatStreamEvent[] {
      buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      return lines.flatMap(parseLine);
    },
    /** The last event, when the stream ended without a final newline. */
    end(): ChatStreamEvent[] {
      const rest = buffer + decoder.decode();
      buffer = '';
      return parseLine(rest);
    },
  };
}

export type AskResult = {
  status: number;
  headers: Headers;
  /** The events read, in order (none for a JSON error answer). */
  events: ChatStreamEvent[];
  /** The JSON body of an error answer. */
  error?: { message: string };
  /** Every `partial` content joined: the answer as far as it came. */
  answer: string;
  /** Milliseconds from sending the question to the first `partial`. */
  firstPieceMs: number | null;
};

/**
 * POST /api/videos/:id/chat over a real connection. `leaveWhen` closes the connection as soon
 * as it says so (the asker leaving mid-answer).
 */
export async function askOverHttp(
  origin: string,
  cookie: string | undefined,
  videoId: string,
  message: unknown,
  leaveWhen: (events: ChatStreamEvent[]) => boolean = () => false,
): Promise<AskResult> {
  const leave = new AbortController();
  const started = performance.now();
  const response = await fetch(`${origin}/api/videos/${videoId}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ message }),
    signal: leave.signal,
  });
  const result: AskResult = {
    status: response.status,
    headers: response.headers,
    events: [],
    answer: '',
    firstPieceMs: null,
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    result.error = (await response.json()) as { message: string };
    return result;
  }
  const parser = chatStreamParser((line) => {
    throw new Error(`the stream sent a line that is not an event: ${line}`);
  });
  const take = (events: ChatStreamEvent[]) => {
    for (const event of events) {
      if (event.type === 'partial') {
        result.firstPieceMs ??= performance.now() - started;
        result.answer += event.content;
      }
      result.events.push(event);
    }
  };
  try {
    for await (const chunk of response.body!) {
      take(parser.push(chunk));
      if (leaveWhen(result.events)) {
        leave.abort();
        return result;
      }
    }
    take(parser.end());
  } catch (error) {
    if (!leave.signal.aborted) throw error;
  }
  return result;
}
