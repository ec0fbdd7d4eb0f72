import type { ClipDetail } from '@filmroom/contract';
import { probeMedia } from '@filmroom/media';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { makeClip } from '../../../test/media-clips';
import { listenOnOwnPort, useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';
import { videoKeys } from '../../storage';

// Finding 5 of issue 28: clip media was encoded inside each request, as many at once as were
// asked for, and a client that gave up left its ffmpeg running.
const ctx = useTestApp({ CLIP_CUT_CONCURRENCY: '1' });
const LONG_SECONDS = 40;

/** The ffmpeg runs cutting clips for this file's app (their output is in its work folder). */
async function clipCutsRunning(): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,args=']);
  return stdout
    .split('\n')
    .filter((line) => line.includes('ffmpeg') && line.includes(`${ctx.dataDir}/work/clip-`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** Samples the cuts running until `until` settles: the most at once and every pid seen. */
async function watchCuts<T>(until: Promise<T>) {
  const seen = new Set<number>();
  let most = 0;
  let settled = false;
  void until.finally(() => (settled = true)).catch(() => {});
  while (!settled) {
    const pids = await clipCutsRunning();
    pids.forEach((pid) => seen.add(pid));
    most = Math.max(most, pids.length);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { result: await until, most, seen: seen.size };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: Awaited<ReturnType<typeof listenOnOwnPort>>;
let owner: Awaited<ReturnType<typeof registerAccount>>;
let videoId: string;

beforeAll(async () => {
  owner = await registerAccount(ctx.app, { isCoach: true });
  // Long enough that a whole-length cut takes a while on any machine.
  const file = await makeClip('long.mp4', {
    seconds: LONG_SECONDS,
    size: '640x360',
    videoArgs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25'],
  });
  videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id, { duration: LONG_SECONDS });
  await ctx.runtime.deps.blobs.write(
    videoKeys.media(videoId),
    Readable.from([await readFile(file)]),
    {
      contentType: 'video/mp4',
    },
  );
  server = await listenOnOwnPort(ctx);
}, 120_000);
/** Closes an app with its clients' kept-alive connections (fetch keeps them open). */
async function closeNow(listening: {
  app: { server: { closeAllConnections(): void }; close(): Promise<unknown> };
}) {
  listening.app.server.closeAllConnections();
  await listening.app.close();
}
afterAll(() => (server ? closeNow(server) : undefined));

async function newClip(start: number, end: number, title = 'Cut') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/clips',
    headers: { cookie: owner.cookie },
    payload: { videoId, title, start, end },
  });
  expect(response.statusCode).toBe(201);
  return response.json<ClipDetail>();
}

const play = (clipId: string, init: RequestInit = {}) =>
  fetch(`${server.origin}/api/clips/${clipId}/media`, {
    ...init,
    headers: { cookie: owner.cookie },
  });

describe('clip cuts', () => {
  it('are made a few at a time: eight first plays of eight ranges run one ffmpeg at a time', async () => {
    // Ranges a millisecond apart are different cuts, as nudged ranges would be.
    const clips = await Promise.all(
      Array.from({ length: 8 }, (_, index) => newClip(index * 0.001, 3 + index * 0.001)),
    );
    const { result, most, seen } = await watchCuts(
      Promise.all(
        clips.map((clip) =>
          play(clip.id).then(async (r) => [r.status, (await r.arrayBuffer()).byteLength]),
        ),
      ),
    );
    expect(result.map(([status]) => status)).toEqual(Array(8).fill(200));
    expect(result.every(([, bytes]) => bytes! > 1000)).toBe(true);
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  }, 120_000);

  it('are made once per range: eight plays of one clip at once share one ffmpeg', async () => {
    const clip = await newClip(10, 13);
    const { result, seen } = await watchCuts(
      Promise.all(Array.from({ length: 8 }, () => play(clip.id).then((r) => r.status))),
    );
    expect(result).toEqual(Array(8).fill(200));
    expect(seen).toBe(1);
    const cut = videoKeys.clipCut({ id: clip.id, videoId, startTime: 10, endTime: 13 });
    const local = await ctx.runtime.deps.blobs.locate(cut, { expiresInSeconds: 60 });
    if (local.kind !== 'file') throw new Error('expected a local blob store');
    expect((await probeMedia(local.path)).duration).toBeCloseTo(3, 0);
  }, 120_000);

  it('stop when nobody waits: a client that gives up leaves no ffmpeg and no cut', async () => {
    const clip = await newClip(0, LONG_SECONDS);
    const giveUp = new AbortController();
    const request = play(clip.id, { signal: giveUp.signal }).catch((error: Error) => error.name);
    for (let tries = 0; (await clipCutsRunning()).length === 0; tries += 1) {
      if (tries > 200) throw new Error('the cut never started');
      await sleep(20);
    }
    giveUp.abort();
    expect(await request).toBe('AbortError');
    for (let tries = 0; (await clipCutsRunning()).length > 0; tries += 1) {
      if (tries > 100) throw new Error('ffmpeg still runs for a client that gave up');
      await sleep(20);
    }
    await sleep(300);
    const cut = videoKeys.clipCut({ id: clip.id, videoId, startTime: 0, endTime: LONG_SECONDS });
    expect(await ctx.runtime.deps.blobs.stat(cut)).toBeNull();
  }, 60_000);

  it('answer 503 with Retry-After after a bounded wait, and the cut goes on for the retry', async () => {
    const impatient = await listenOnOwnPort(ctx, { clipCuts: { concurrency: 1, waitMs: 200 } });
    try {
      const clip = await newClip(1, LONG_SECONDS);
      const url = `${impatient.origin}/api/clips/${clip.id}/media`;
      const first = await fetch(url, { headers: { cookie: owner.cookie } });
      expect(first.status).toBe(503);
      expect(first.headers.get('retry-after')).toBe('5');
      expect(((await first.json()) as { message: string }).message).toMatch(/still being cut/);
      let status = first.status;
      for (let tries = 0; status === 503 && tries < 60; tries += 1) {
        await sleep(500);
        const retry = await fetch(url, { headers: { cookie: owner.cookie } });
        status = retry.status;
        await retry.arrayBuffer();
      }
      expect(status).toBe(200);
    } finally {
      await closeNow(impatient);
    }
  }, 120_000);
});
