import type { ChatStreamEvent } from '@filmroom/contract';
import { chatStreamEventSchema } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { createChatStreamParser } from './chat-stream';

const encoder = new TextEncoder();

/** Feeds chunks through a fresh parser; returns every event and every line it could not read. */
function read(chunks: (string | Uint8Array)[]) {
  const unparseable: string[] = [];
  const parser = createChatStreamParser((line) => unparseable.push(line));
  const events = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  return { events, unparseable };
}

/** The bytes as the server writes them: one `data:` line per event, then a blank line. */
const wire = (events: ChatStreamEvent[]) =>
  events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');

describe('createChatStreamParser (spec §7 answer stream)', () => {
  it('reads partial pieces in order, then complete', () => {
    const sent: ChatStreamEvent[] = [
      { type: 'partial', content: 'You did ' },
      { type: 'partial', content: '**3 reps**' },
      { type: 'complete' },
    ];
    expect(read([wire(sent)])).toEqual({ events: sent, unparseable: [] });
  });

  it('joins a line split across chunks', () => {
    const { events } = read([
      'data: {"type":"partial","con',
      'tent":"Knee 9',
      '0 at 0:05"}\n',
      '\ndata: {"type":"comp',
      'lete"}\n\n',
    ]);
    expect(events).toEqual([{ type: 'partial', content: 'Knee 90 at 0:05' }, { type: 'complete' }]);
  });

  it('keeps a character whose bytes arrive in different chunks', () => {
    const bytes = encoder.encode(wire([{ type: 'partial', content: 'Knee angle 107° — good 👍' }]));
    const degree = bytes.indexOf(0xb0); // the second byte of "°" (c2 b0)
    const thumbs = bytes.indexOf(0xf0); // the first of the four bytes of "👍"
    const chunks = [
      bytes.slice(0, degree),
      bytes.slice(degree, thumbs + 2),
      bytes.slice(thumbs + 2, thumbs + 3),
      bytes.slice(thumbs + 3),
    ];
    expect(read(chunks).events).toEqual([
      { type: 'partial', content: 'Knee angle 107° — good 👍' },
    ]);
  });

  it('reads one byte at a time', () => {
    const sent: ChatStreamEvent[] = [
      { type: 'partial', content: 'Rep 2: 0:04-0:06 (knee angle 95°)' },
      { type: 'error', content: 'The AI Coach could not finish this answer.' },
    ];
    const bytes = encoder.encode(wire(sent));
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(read(chunks)).toEqual({ events: sent, unparseable: [] });
  });

  it('reads the last event when the stream ends without a newline', () => {
    expect(read(['data: {"type":"complete"}']).events).toEqual([{ type: 'complete' }]);
  });

  it('only reports lines it cannot read, and goes on reading', () => {
    const { events, unparseable } = read([
      'data: {oops\n\n',
      'data: {"type":"partial"}\n\n', // no content
      'data: {"type":"shout","content":"hi"}\n\n',
      'data: "just text"\n\n',
      'event: message\n',
      'data: {"type":"partial","content":"still here"}\n\n',
    ]);
    expect(events).toEqual([{ type: 'partial', content: 'still here' }]);
    expect(unparseable).toEqual([
      'data: {oops',
      'data: {"type":"partial"}',
      'data: {"type":"shout","content":"hi"}',
      'data: "just text"',
      'event: message',
    ]);
  });

  it('skips blank lines and comments, and accepts CRLF and "data:" without a space', () => {
    const { events, unparseable } = read([
      ': keep-alive\r\n\r\n',
      'data:{"type":"partial","content":"a"}\r\n\r\n',
      '   \n',
      'data: {"type":"complete"}\r\n',
    ]);
    expect(events).toEqual([{ type: 'partial', content: 'a' }, { type: 'complete' }]);
    expect(unparseable).toEqual([]);
  });

  it('keeps what a piece says exactly, spaces and newlines included', () => {
    const pieces = ['  leading', '\n\n- a list\n', 'trailing  ', ''];
    const { events } = read([wire(pieces.map((content) => ({ type: 'partial', content })))]);
    expect(events.map((event) => (event.type === 'partial' ? event.content : null))).toEqual(
      pieces,
    );
  });

  it('accepts exactly what the contract accepts', () => {
    const candidates: unknown[] = [
      { type: 'partial', content: 'x' },
      { type: 'complete' },
      { type: 'error', content: 'x' },
      { type: 'partial', content: 1 },
      { type: 'error' },
      { type: 'nope' },
      null,
      [],
    ];
    for (const candidate of candidates) {
      const { events } = read([`data: ${JSON.stringify(candidate)}\n`]);
      const accepted = chatStreamEventSchema.safeParse(candidate);
      expect(events, JSON.stringify(candidate)).toEqual(accepted.success ? [accepted.data] : []);
    }
  });
});
