import type { VideoEvent } from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';

const ctx = useTestApp({}, { work: true });
let origin: string;

beforeAll(async () => {
  origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => ctx.app.close());

/** Reads `video` events from the real stream until `done` says enough. */
async function collectEvents(
  cookie: string,
  done: (events: VideoEvent[]) => boolean,
  timeoutMs = 60_000,
) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const response = await fetch(`${origin}/api/events`, {
    headers: { cookie },
    signal: abort.signal,
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: VideoEvent[] = [];
  const ready = (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: video\ndata: (.*)$/m.exec(message);
          if (data) events.push(JSON.parse(data[1]!) as VideoEvent);
          if (done(events)) return events;
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
    return events;
  })();
  return {
    events: ready.finally(() => {
      clearTimeout(timer);
      abort.abort();
    }),
  };
}

describe('GET /api/events', () => {
  it("pushes a video's progress to its owner until it is ready, and nothing to others", async () => {
    const owner = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const ownerStream = await collectEvents(owner.cookie, (events) =>
      events.some((event) => event.status === 'ready'),
    );
    const strangerStream = await collectEvents(stranger.cookie, () => false, 20_000);
    // Give both streams a moment to subscribe before the work starts.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const video = await uploadVideo(ctx.app, owner.cookie);
    const events = (await ownerStream.events).filter((event) => event.id === video.id);
    expect(events[0]).toMatchObject({ status: 'processing', progress: 0 });
    expect(events.at(-1)).toEqual({
      id: video.id,
      status: 'ready',
      progress: 100,
      failureReason: null,
    });
    const progress = events.map((event) => event.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    expect((await strangerStream.events).filter((event) => event.id === video.id)).toEqual([]);
  });

  it('refuses a signed-out listener with 401', async () => {
    const response = await fetch(`${origin}/api/events`);
    expect(response.status).toBe(401);
  });
});
