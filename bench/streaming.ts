// Adaptive streaming: what the HLS ladder costs to make, and what it buys at playback.
// 1. The ladder (renditions + storyboard, one ffmpeg run) over a 1080p source: its real-time
//    factor on this machine. The source is a real clip scaled to 1080p and looped, made here.
// 2. Time to first frame of a 60-minute video in headless Chromium, through HLS and through the
//    MP4 (as a video prepared before the ladder plays): from navigation to the first frame of
//    playback presented. The hour is cheap low-complexity lavfi film (360p, 25 fps).
import { makeStreamingLadder, runMediaTool, ffmpegPath } from '@filmroom/media';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { uploadFile, waitForVideo } from '../apps/server/test/http-client';
import { buildCompiledWeb } from './compiled-server';
import { registerCoach } from './load-seed';
import { startLoadServer } from './load-server';
import type { Row } from './table';

const LADDER_SECONDS = 30;
const HOUR = 60 * 60;
const LOADS = 5;
const fixture = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/video/jumpingjacks_multiperson-outdoor.mp4',
);

export async function ffmpeg(args: string[]) {
  await runMediaTool(await ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

async function ladderRealTimeFactor(folder: string): Promise<Row> {
  const source = path.join(folder, '1080p.mp4');
  // Outside film with several people moving, looped to length: closer to a match than testsrc.
  await ffmpeg([
    '-stream_loop',
    '-1',
    '-i',
    fixture,
    '-t',
    String(LADDER_SECONDS),
    '-vf',
    'scale=1920:1080,fps=30',
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '18',
    '-pix_fmt',
    'yuv420p',
    source,
  ]);
  const started = performance.now();
  const ladder = await makeStreamingLadder(source, path.join(folder, 'ladder'), {
    size: { width: 1920, height: 1080 },
    duration: LADDER_SECONDS,
    hasAudio: false,
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    measure: `HLS ladder + storyboard of a 1080p30 source, real-time factor (${LADDER_SECONDS} s of real film scaled to 1080p)`,
    value: `${(seconds / LADDER_SECONDS).toFixed(2)}× (${seconds.toFixed(1)} s)`,
    note: `work seconds per second of video on this machine (2 cores, shared); renditions ${ladder.renditions.map((r) => r.name).join('/')}, x264 veryfast, one ffmpeg run; a 90-minute game ≈ ${((seconds / LADDER_SECONDS) * 90).toFixed(0)} min`,
  };
}

// Runs in the page (this bench compiles without the browser's types): plays the player's
// element muted as soon as it exists and notes when its first frame is presented.
const PLAY_ON_SIGHT = `
  new MutationObserver((_, watch) => {
    const video = document.querySelector('video');
    if (!video) return;
    watch.disconnect();
    video.muted = true;
    video.requestVideoFrameCallback(() => { globalThis.firstFrameAt = performance.now(); });
    video.play().catch(() => {});
  }).observe(document, { childList: true, subtree: true });
`;

/** The little of the page's globals the measurement reads. */
type BrowserPage = { firstFrameAt?: number };

/**
 * Milliseconds from navigation start to the first frame of playback presented: the page asks
 * to play as soon as the player's element exists (muted, as autoplay allows). `cookie`: the
 * viewer's session, `name=value`.
 */
export async function firstFrame(browser: Browser, origin: string, cookie: string, id: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: origin }]);
    const page = await context.newPage();
    await page.addInitScript({ content: PLAY_ON_SIGHT });
    await page.goto(`${origin}/videos/${id}`, { waitUntil: 'commit' });
    const at = await page.waitForFunction(
      () => (globalThis as unknown as BrowserPage).firstFrameAt ?? false,
      undefined,
      { timeout: 60_000 },
    );
    const mode = await page.locator('video').getAttribute('data-stream');
    return { ms: (await at.jsonValue()) as number, mode };
  } finally {
    await context.close();
  }
}

async function hourTimeToFirstFrame(folder: string): Promise<Row[]> {
  const source = path.join(folder, 'hour.mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${HOUR}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${HOUR}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    source,
  ]);
  buildCompiledWeb();
  const server = await startLoadServer({ WORK_QUEUES: 'media.prepare' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const coach = await registerCoach(server.origin, {
      username: 'streaming@example.com',
      password: 'streaming bench password',
    });
    const started = performance.now();
    const { id } = await uploadFile(server.origin, coach.cookie, source, 'video/mp4');
    const video = await waitForVideo(
      server.origin,
      coach.cookie,
      id,
      (state) => state.status !== 'processing',
      30 * 60_000,
    );
    if (video.status !== 'ready') throw new Error(`preparation failed: ${video.failureReason}`);
    const preparedIn = (performance.now() - started) / 1000;
    const rows: Row[] = [];
    for (const how of ['HLS', 'MP4'] as const) {
      // The MP4 path is the one a video prepared before the ladder takes.
      if (how === 'MP4') {
        await server.db.$client.query('UPDATE videos SET stream_key = NULL WHERE id = $1', [id]);
      }
      const times: number[] = [];
      for (let load = 0; load < LOADS; load++) {
        const { ms, mode } = await firstFrame(browser, server.origin, coach.cookie, id);
        if ((how === 'HLS') !== (mode === 'hls.js')) throw new Error(`played through ${mode}`);
        times.push(ms);
      }
      const sorted = [...times].sort((a, b) => a - b);
      rows.push({
        measure: `time to first frame, 60-minute video through ${how}: navigation to first frame of playback in Chromium, median of ${LOADS}`,
        value: `${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms`,
        note: `slowest ${sorted.at(-1)!.toFixed(0)} ms; fresh browser context each load, loopback; 360p25 lavfi hour (upload + preparation with ladder ${preparedIn.toFixed(0)} s)`,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function benchStreaming(): Promise<Row[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-streaming-'));
  try {
    return [await ladderRealTimeFactor(folder), ...(await hourTimeToFirstFrame(folder))];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
