import type { Video, VideoDetail } from '@filmroom/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PASSWORD, uniqueEmail } from './accounts';

/**
 * A browser's side of FilmRoom over real HTTP, for tests that run server processes: JSON with
 * the Origin header the CSRF check wants, sign-up, uploads, and waiting on a video's state.
 */
export const postJson = (origin: string, url: string, body: unknown, cookie?: string) =>
  fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** Registers a new account and returns its session cookie (`name=value`). */
export async function signUp(origin: string, name: string, isCoach = true): Promise<string> {
  const response = await postJson(origin, '/api/register', {
    username: uniqueEmail(name.toLowerCase()),
    password: PASSWORD,
    name,
    isCoach,
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

export async function uploadFile(
  origin: string,
  cookie: string,
  file: string,
  contentType: string,
  title = path.basename(file),
): Promise<Video> {
  const form = new FormData();
  form.set('title', title);
  form.set('video', new Blob([await readFile(file)], { type: contentType }), path.basename(file));
  const response = await fetch(`${origin}/api/videos`, {
    method: 'POST',
    headers: { cookie, origin },
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Video;
}

export async function videoOn(origin: string, cookie: string, id: string): Promise<VideoDetail> {
  const response = await fetch(`${origin}/api/videos/${id}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET video: ${response.status}`);
  return (await response.json()) as VideoDetail;
}

/** Polls the video on `origin` until `done` holds, or fails with the last state seen. */
export async function waitForVideo(
  origin: string,
  cookie: string,
  id: string,
  done: (video: VideoDetail) => boolean,
  timeoutMs: number,
): Promise<VideoDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const video = await videoOn(origin, cookie, id);
    if (done(video)) return video;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(video)}`);
    await sleep(250);
  }
}

export type ServerSentEvent = { event: string; data: unknown };

/** Listens to GET /api/events as a browser's EventSource would, collecting every event. */
export async function listenToEvents(origin: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (response.status !== 200) throw new Error(`GET /api/events: ${response.status}`);
  const events: ServerSentEvent[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body!) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  })().catch(() => undefined); // ends with the abort
  return {
    events,
    /** Settles when the stream ends: closed by the server, or by `close`. */
    ended: reading,
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}
