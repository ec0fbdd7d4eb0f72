import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/query-client';
import { AiCoachAnswerError, askAiCoach, NO_RESPONSE_STREAM } from './ask-ai-coach';

type Answer = (res: ServerResponse, question: string) => Promise<void> | void;

/** A stand-in for POST /api/videos/:id/chat: the video id picks how it answers. */
const answers: Record<string, Answer> = {
  words: async (res) => {
    stream(res);
    for (const piece of ['**3 reps**', ' measured: ', 'bottom at 0:02 (107°)']) {
      res.write(event({ type: 'partial', content: piece }));
      await sleep(5);
    }
    res.end(event({ type: 'complete' }));
  },
  // Everything in one write, split where the test says (inside a line, inside the "°").
  'split-bytes': (res) => {
    stream(res);
    const bytes = Buffer.from(
      event({ type: 'partial', content: 'Knee 107°' }) + event({ type: 'complete' }),
    );
    const cut = bytes.indexOf(0xb0);
    res.write(bytes.subarray(0, cut));
    setTimeout(() => res.end(bytes.subarray(cut)), 10);
  },
  garbled: (res) => {
    stream(res);
    res.write('data: {not json}\n\n');
    res.write(event({ type: 'partial', content: 'Still answered' }));
    res.end(event({ type: 'complete' }));
  },
  failing: (res) => {
    stream(res);
    res.write(event({ type: 'partial', content: 'Half' }));
    res.end(event({ type: 'error', content: 'The AI Coach could not finish this answer.' }));
  },
  'cut-off': (res) => {
    stream(res);
    res.end(event({ type: 'partial', content: 'And then' }));
  },
  refused: (res) => {
    res.writeHead(429, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: 'Too many questions to the AI Coach from this account.' }));
  },
  'no-body': (res) => {
    res.writeHead(204);
    res.end();
  },
  endless: async (res) => {
    stream(res);
    while (!res.destroyed) {
      res.write(event({ type: 'partial', content: 'more ' }));
      await sleep(5);
    }
  },
};

const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const stream = (res: ServerResponse) =>
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });

let server: Server;
let base: string;
const received: { url: string; body: string; closedEarly: Promise<boolean> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const closedEarly = once(res, 'close').then(() => !res.writableEnded);
      received.push({ url: req.url ?? '', body, closedEarly });
      const videoId = /^\/api\/videos\/([^/]+)\/chat$/.exec(req.url ?? '')?.[1] ?? '';
      void answers[videoId]?.(res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The app asks its own origin; here that is the stand-in server.
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    realFetch(`${base}${String(input)}`, init),
  );
});

afterAll(async () => {
  vi.restoreAllMocks();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  received.length = 0;
});

function ask(videoId: string, signal = new AbortController().signal) {
  const seen: string[] = [];
  const started = vi.fn();
  const done = askAiCoach(videoId, 'How many reps did I do?', {
    signal,
    onStart: started,
    onAnswer: (answer) => seen.push(answer),
  });
  return { done, seen, started };
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error(`Expected it to fail, got ${String(error)}`);
  return error;
}

describe('askAiCoach (spec §7 chat call, §8 chat errors)', () => {
  it('posts the question as JSON and resolves with the pieces joined, growing as they come', async () => {
    const { done, seen, started } = ask('words');
    await expect(done).resolves.toBe('**3 reps** measured: bottom at 0:02 (107°)');
    expect(received[0]).toMatchObject({
      url: '/api/videos/words/chat',
      body: JSON.stringify({ message: 'How many reps did I do?' }),
    });
    expect(started).toHaveBeenCalledOnce();
    expect(seen.at(-1)).toBe('**3 reps** measured: bottom at 0:02 (107°)');
    expect(seen.length).toBeGreaterThan(1);
    for (const [index, answer] of seen.entries()) {
      if (index > 0) expect(answer.startsWith(seen[index - 1]!)).toBe(true);
    }
  });

  it('reads a line and a character split across chunks', async () => {
    await expect(ask('split-bytes').done).resolves.toBe('Knee 107°');
  });

  it('only logs a line it cannot read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(ask('garbled').done).resolves.toBe('Still answered');
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]).toContain('data: {not json}');
    warn.mockRestore();
  });

  it("fails with an error event's own words", async () => {
    const { done, started } = ask('failing');
    const error = await failureOf(done);
    expect(error).toBeInstanceOf(AiCoachAnswerError);
    expect(error.message).toBe('The AI Coach could not finish this answer.');
    // The question reached the server (it keeps it), unlike a refused one.
    expect(started).toHaveBeenCalledOnce();
  });

  it('fails when the stream ends with neither complete nor error', async () => {
    const error = await failureOf(ask('cut-off').done);
    expect(error.message).toBe('The answer stopped before it was finished. Please ask again.');
  });

  it("fails with the server's message when it refuses the question before answering", async () => {
    const { done, started } = ask('refused');
    const error = await failureOf(done);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('429: Too many questions to the AI Coach from this account.');
    expect(started).not.toHaveBeenCalled();
  });

  it(`says '${NO_RESPONSE_STREAM}' when the answer has no body`, async () => {
    const error = await failureOf(ask('no-body').done);
    expect(error.message).toBe('No response stream available');
  });

  it('stops reading and closes the connection when aborted, rejecting as an abort', async () => {
    const leave = new AbortController();
    const { done, seen } = ask('endless', leave.signal);
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    leave.abort();
    const error = await failureOf(done);
    expect(error.name).toBe('AbortError');
    expect(leave.signal.aborted).toBe(true);
    await expect(received[0]!.closedEarly).resolves.toBe(true);
  });
});
