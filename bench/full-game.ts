// Issue 19's acceptance run, whole, as a coach would do it in a real browser (headless Chromium)
// against the built server: a big 1080p game (2 GB by default) is uploaded from the upload page,
// the server is killed halfway through and started again on the same data, and the page carries
// on to a byte-identical file; then the video plays through HLS and switches rendition as the
// bandwidth falls and comes back, the timeline shows scrub previews, and two marked minutes are
// analysed with their progress followed. Every check that fails ends the run with its reason.
// Run only by name (`npm run bench -- full-game`); BENCH_FULL_GAME_MB sets the size (default
// 2048) and BENCH_FULL_GAME_SECONDS the film's length (default 180).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { chromium, type Page } from 'playwright-core';
import { waitForVideo } from '../apps/server/test/http-client';
import {
  buildCompiledServer,
  startServerProcess,
  type ServerProcess,
} from '../apps/server/test/server-process';
import { buildCompiledWeb } from './compiled-server';
import { ffmpeg, firstFrame } from './streaming';
import { printTable, type Row } from './table';

const SIZE_BYTES = Number(process.env.BENCH_FULL_GAME_MB ?? 2048) * 1024 * 1024;
const FILM_SECONDS = Number(process.env.BENCH_FULL_GAME_SECONDS ?? 180);
/** The two minutes the coach marks and has analysed. */
const RANGE = { start: 30, end: 150 };
const SEGMENT_SECONDS = 8;
const PREPARATION_TIMEOUT_MS = 90 * 60_000;
const ANALYSIS_TIMEOUT_MS = 90 * 60_000;
const fixture = path.resolve(
  import.meta.dirname,
  '../../shared/fixtures/video/jumpingjacks_multiperson-outdoor.mp4',
);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

class CheckFailed extends Error {
  override readonly name = 'CheckFailed';
}
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/**
 * A 1080p30 film of people moving (a real clip scaled up and looped, with grain so that it needs
 * its bits) and audio, at the bitrate that makes `size` bytes over `seconds`: a few seconds are
 * encoded, then repeated without re-encoding, so even 2 GB takes a minute or two to make.
 */
async function makeGameFilm(folder: string, size: number, seconds: number) {
  const kbps = Math.round((size * 8) / seconds / 1000) - 128;
  const segment = path.join(folder, 'segment.mp4');
  await ffmpeg([
    ...['-stream_loop', '-1', '-i', fixture],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330'],
    ...['-t', String(SEGMENT_SECONDS), '-map', '0:v', '-map', '1:a'],
    ...['-vf', 'scale=1920:1080,fps=30,noise=alls=12:allf=t,format=yuv420p'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60'],
    ...['-b:v', `${kbps}k`, '-minrate', `${kbps}k`, '-maxrate', `${kbps}k`],
    ...['-bufsize', `${kbps}k`, '-c:a', 'aac', '-b:a', '128k', segment],
  ]);
  const film = path.join(folder, 'full game.mp4');
  await ffmpeg([
    ...['-stream_loop', String(Math.ceil(seconds / SEGMENT_SECONDS) - 1), '-i', segment],
    ...['-t', String(seconds), '-c', 'copy', '-movflags', '+faststart', film],
  ]);
  await rm(segment);
  return film;
}

async function sha256(file: string) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Runs in the page before its own scripts: notes the body bytes each tus PATCH hands to the
 * network (XHR upload progress, the request's Upload-Offset) and calls benchCut once the file
 * is `cutAt` bytes in. The page itself is untouched otherwise.
 */
const COUNT_PATCH_BYTES = (cutAt: number) => `
  globalThis.patches = [];
  const open = XMLHttpRequest.prototype.open;
  const setRequestHeader = XMLHttpRequest.prototype.setRequestHeader;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, ...rest) {
    this.benchRequest = { method, offset: 0 };
    return open.call(this, method, ...rest);
  };
  XMLHttpRequest.prototype.setRequestHeader = function (name, value) {
    if (name.toLowerCase() === 'upload-offset') this.benchRequest.offset = Number(value);
    return setRequestHeader.call(this, name, value);
  };
  XMLHttpRequest.prototype.send = function (body) {
    if (this.benchRequest?.method === 'PATCH') {
      const record = { offset: this.benchRequest.offset, sent: 0, startedAt: Date.now() };
      record.lastAt = record.startedAt;
      globalThis.patches.push(record);
      this.upload.addEventListener('progress', (event) => {
        record.sent = event.loaded;
        record.lastAt = Date.now();
        if (!globalThis.cutCalled && record.offset + event.loaded >= ${cutAt}) {
          globalThis.cutCalled = true;
          globalThis.benchCut();
        }
      });
      this.addEventListener('loadend', () => (record.status = this.status));
    }
    return send.call(this, body);
  };
`;

type PatchRecord = { offset: number; sent: number; startedAt: number; lastAt: number };
type PageGlobals = { patches: PatchRecord[] };

async function signUpInBrowser(page: Page, origin: string) {
  await page.goto(origin);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Full Name').fill('Casey Coach');
  await page.getByLabel('Email').fill('full-game@example.com');
  await page.getByLabel('Password', { exact: true }).fill('full game bench password');
  await page.getByRole('checkbox', { name: 'I am a coach' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page
    .getByRole('heading', { name: 'Dashboard', exact: true })
    .waitFor({ timeout: 30_000 })
    .catch(() => {
      throw new CheckFailed('signing up in the browser did not reach the Dashboard');
    });
  const cookies = await page.context().cookies(origin);
  check(cookies.length > 0, 'signing up in the browser gave no session cookie');
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Picks the file on the upload page and sends it, as a person would. */
async function startUpload(page: Page, film: string) {
  await page.getByLabel('Title').fill('Full game');
  await page.getByLabel('Video File').setInputFiles(film);
  await page.getByRole('button', { name: 'Upload Video' }).click();
}

type UploadOutcome = {
  rows: Row[];
  server: ServerProcess;
  videoId: string;
};

/**
 * The upload, killed halfway with SIGKILL while the browser is inside a PATCH, the server
 * started again on the same DATA_DIR and port, and the page left to carry on.
 */
async function uploadWithCut(
  page: Page,
  film: string,
  size: number,
  env: Record<string, string>,
  first: ServerProcess,
): Promise<UploadOutcome> {
  let server = first;
  const cutAt = Math.floor(size / 2);
  let cutSignal: () => void = () => undefined;
  const cutReached = new Promise<void>((resolve) => (cutSignal = resolve));
  await page.exposeFunction('benchCut', () => cutSignal());
  await page.addInitScript({ content: COUNT_PATCH_BYTES(cutAt) });
  let videoId: string | undefined;
  page.on('response', (response) => {
    const id = response.headers()['filmroom-video-id'];
    if (id && response.request().method() === 'PATCH') videoId = id;
  });
  const resumedTexts: string[] = [];

  await page.goto(`${server.origin}/videos/new`);
  const started = Date.now();
  await startUpload(page, film);
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  const sentSoFar = () =>
    page.evaluate(() => {
      const patches = (globalThis as unknown as PageGlobals).patches;
      return patches.reduce((most, patch) => Math.max(most, patch.offset + patch.sent), 0);
    });
  // The page's own call at half is the quick way; the bar and the page's count are watched
  // too, so that a missed call cannot leave the run waiting.
  const watchUntil = Date.now() + 30 * 60_000;
  for (let reached = false; !reached;) {
    reached = await Promise.race([
      cutReached.then(() => true),
      page.waitForTimeout(100).then(() => false),
    ]);
    const percent = Number(
      await bar.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => 0),
    );
    reached ||= percent >= 50 || (await sentSoFar()) >= cutAt;
    check(
      !page.url().endsWith(`${new URL(server.origin).host}/`),
      'the upload finished before the server could be cut',
    );
    check(
      Date.now() < watchUntil,
      `the upload did not reach half in 30 minutes (${megabytes(await sentSoFar())} sent)`,
    );
  }
  const barAtCut = await bar.getAttribute('aria-valuenow');
  await server.stop('SIGKILL');
  const killedAt = Date.now();
  const sentAtCut = await sentSoFar();
  server = await startServerProcess({ ...env, PORT: new URL(first.origin).port });
  const backAfter = (Date.now() - killedAt) / 1000;

  // tus-js-client retries by itself; should the page give up, the person picks the file again.
  const resumed = page.getByTestId('upload-resumed');
  const deadline = Date.now() + 60 * 60_000;
  let pickedAgain = false;
  while (!page.url().endsWith(`${new URL(server.origin).host}/`)) {
    check(Date.now() < deadline, 'the upload did not finish within an hour of the restart');
    const text = await resumed.textContent({ timeout: 100 }).catch(() => null);
    if (text && !resumedTexts.includes(text)) resumedTexts.push(text);
    const gaveUp =
      (await page
        .getByRole('button', { name: 'Upload Video' })
        .isEnabled({ timeout: 100 })
        .catch(() => false)) && (await bar.count()) === 0;
    if (gaveUp) {
      check(!pickedAgain, 'the upload failed twice after the restart');
      pickedAgain = true;
      await startUpload(page, film);
    }
    await page.waitForTimeout(250);
  }
  const finishedAt = Date.now();
  check(videoId, 'the last PATCH did not name the new video (FilmRoom-Video-Id)');

  const patches = await page.evaluate(() => (globalThis as unknown as PageGlobals).patches);
  check(
    patches.length >= 2,
    `the upload went in ${patches.length} request(s): the server had the whole file before the cut`,
  );
  const resumedFrom = patches.find((patch, index) => index > 0 && patch.offset > 0)?.offset;
  check(resumedFrom !== undefined, 'after the restart the page started again from byte 0');
  check(
    resumedFrom <= sentAtCut && resumedFrom >= sentAtCut / 2,
    `the page resumed from ${megabytes(resumedFrom)} where it had sent ${megabytes(sentAtCut)} before the cut`,
  );
  const totalSent = patches.reduce((sum, patch) => sum + patch.sent, 0);
  const sendingSeconds =
    patches.reduce((sum, patch) => sum + (patch.lastAt - patch.startedAt), 0) / 1000;
  const resent = totalSent - size;
  const wholeSeconds = (finishedAt - started) / 1000;
  if (resumedTexts.length === 0) {
    resumedTexts.push('(no "Resuming from" line was on screen when looked at)');
  }

  return {
    server,
    videoId,
    rows: [
      {
        measure: `browser upload (tus-js-client, upload page), ${megabytes(size)}`,
        value: `${(size / 1024 / 1024 / sendingSeconds).toFixed(0)} MB/s`,
        note: `${sendingSeconds.toFixed(1)} s sending in ${patches.length} PATCHes; ${wholeSeconds.toFixed(1)} s click to done, with the cut and restart (server back after ${backAfter.toFixed(1)} s)${pickedAgain ? '; the page gave up and the file was picked again' : ''}`,
      },
      {
        measure: 'offset at the cut (server SIGKILLed mid-PATCH)',
        value: megabytes(sentAtCut),
        note: `${((sentAtCut / size) * 100).toFixed(1)} % sent by the browser, bar at ${barAtCut} %; the restarted server had kept ${megabytes(resumedFrom)}; page said: ${resumedTexts.join(' / ')}`,
      },
      {
        measure: 'bytes re-sent after the cut',
        value: megabytes(Math.max(0, resent)),
        note: `${((resent / size) * 100).toFixed(2)} % of the file: PATCH body bytes the browser sent (${megabytes(totalSent)}) minus the file`,
      },
    ],
  };
}

/** hls.js attached; the renditions it switches through as the bandwidth falls and comes back. */
async function renditionSwitching(page: Page, origin: string, videoId: string): Promise<Row> {
  await page.goto(`${origin}/videos/${videoId}`);
  const video = page.locator('video[data-stream]');
  await video.waitFor({ timeout: 30_000 });
  const mode = await video.getAttribute('data-stream');
  check(mode === 'hls.js', `the video plays through ${mode ?? 'no stream'}, not hls.js`);
  const levels = await page.waitForFunction(
    `(() => {
      const hls = document.querySelector('video').hls;
      return hls && hls.levels.length > 0 ? hls.levels.map((level) => level.height) : false;
    })()`,
    undefined,
    { timeout: 30_000 },
  );
  const heights = (await levels.jsonValue()) as number[];
  check(heights.length >= 2, `the master playlist offers one rendition only (${heights[0]}p)`);
  await page.evaluate(`(() => {
    const element = document.querySelector('video');
    globalThis.switchedTo = [];
    element.hls.on('hlsLevelSwitched', (_, data) =>
      globalThis.switchedTo.push(element.hls.levels[data.level].height),
    );
    element.muted = true;
    void element.play();
  })()`);
  const switched = () => page.evaluate<number[]>('globalThis.switchedTo');
  // Back to the start near the end: a film played out loads no more fragments to switch on.
  const keepPlaying = `(() => {
    const video = document.querySelector('video');
    if (video.currentTime > video.duration - 20) video.currentTime = 5;
    if (video.paused) void video.play();
  })()`;
  /** Seconds until hls.js switched to a level `to` accepts. */
  const waitForSwitch = async (to: (height: number) => boolean, why: string) => {
    const started = Date.now();
    const deadline = started + 240_000;
    for (;;) {
      const seen = await switched();
      if (seen.length > 0 && to(seen.at(-1)!)) return (Date.now() - started) / 1000;
      await page.evaluate(keepPlaying);
      check(
        Date.now() < deadline,
        `${why}: hls.js stayed on ${seen.at(-1) ?? 'its first level'} (switched through ${seen.join(', ') || 'none'})`,
      );
      await page.waitForTimeout(500);
    }
  };
  const top = Math.max(...heights);
  const bottom = Math.min(...heights);
  // Unthrottled loopback: it climbs to the top rendition.
  await waitForSwitch((height) => height === top, `no switch up to ${top}p on a fast network`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = (bitsPerSecond: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: bitsPerSecond < 0 ? 0 : 40,
      downloadThroughput: bitsPerSecond < 0 ? -1 : bitsPerSecond / 8,
      uploadThroughput: -1,
    });
  // A weak phone connection (1.2 Mbit/s): under the 720p rendition's rate.
  await throttle(1_200_000);
  const down = await waitForSwitch(
    (height) => height === bottom,
    `no switch down to ${bottom}p at 1.2 Mbit/s`,
  );
  await throttle(-1);
  const up = await waitForSwitch(
    (height) => height === top,
    `no switch back up to ${top}p once the network recovered`,
  );
  const seen = await switched();
  await page.evaluate(`document.querySelector('video').pause()`);
  return {
    measure: 'renditions switched through (hls.js, bandwidth-driven)',
    value: seen.map((height) => `${height}p`).join(' → '),
    note: `ladder ${heights.map((height) => `${height}p`).join('/')}; Chromium throttled to 1.2 Mbit/s (CDP): down in ${down.toFixed(0)} s; unthrottled: back up in ${up.toFixed(0)} s`,
  };
}

/** Hovering the Seek slider halfway shows the storyboard tile of that time. */
async function scrubPreview(page: Page, origin: string): Promise<Row> {
  const scrub = page.getByRole('slider', { name: 'Seek' });
  const box = await scrub.boundingBox();
  check(box, 'the player has no Seek slider');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const preview = page.getByTestId('scrub-preview');
  await preview.waitFor({ state: 'visible', timeout: 15_000 }).catch(() => {
    throw new CheckFailed('hovering the Seek slider showed no scrub preview');
  });
  const sheet = await preview.getAttribute('data-sheet');
  check(sheet, 'the scrub preview names no storyboard sprite');
  const sprite = await page.request.get(new URL(sheet, origin).href);
  check(
    sprite.ok() && sprite.headers()['content-type'] === 'image/jpeg',
    `the scrub preview's sprite ${sheet} answered ${sprite.status()} ${sprite.headers()['content-type']}`,
  );
  const text = (await preview.textContent())?.trim();
  const region = await preview.getAttribute('data-region');
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  return {
    measure: 'scrub preview shown on hover (Seek slider, halfway)',
    value: 'yes',
    note: `"${text}", ${path.basename(sheet)} region ${region}`,
  };
}

/** Seeks the player's element to `seconds`, paused: where the coach presses I or O. */
async function pauseAt(page: Page, seconds: number) {
  await page.locator('video').evaluate(
    `(video, time) => new Promise((resolve) => {
      video.pause();
      video.addEventListener('seeked', () => resolve(), { once: true });
      video.currentTime = time;
    })`,
    seconds,
  );
}

/** In and out marks two minutes apart, the range analysed, its progress bar followed to done. */
async function rangeAnalysis(page: Page, origin: string, videoId: string): Promise<Row> {
  const player = page.getByRole('group', { name: /^Video player/ });
  await pauseAt(page, RANGE.start);
  await player.focus();
  await page.keyboard.press('i');
  await pauseAt(page, RANGE.end);
  await player.focus();
  await page.keyboard.press('o');
  const tab = page.getByRole('tabpanel', { name: 'Analysis' });
  await tab.getByRole('button', { name: 'Add marked range' }).click();
  const label = `${clock(RANGE.start)}–${clock(RANGE.end)}`;
  await tab.getByRole('button', { name: 'Analyse range' }).click();
  const started = Date.now();
  const range = tab.getByTestId('analysis-range');
  // The range is stored once the page shows it; the server is asked from then on.
  await range.waitFor().catch(() => {
    throw new CheckFailed(`the Analysis tab did not list ${label} after "Analyse range"`);
  });
  // Named by the marks as the player took them (a seek may land a frame early): any bar here.
  const bar = range.getByRole('progressbar');
  const progressSeen: number[] = [];
  const deadline = started + ANALYSIS_TIMEOUT_MS;
  for (;;) {
    // Where it stands, from the server; what the coach sees, from the page.
    const stored = (await (
      await page.request.get(`${origin}/api/videos/${videoId}/analysis-ranges`)
    ).json()) as { ranges: { status: string; failureReason: string | null }[] };
    const status = stored.ranges[0]?.status ?? 'missing';
    if (status === 'ready') break;
    check(
      status !== 'failed' && status !== 'cancelled' && status !== 'missing',
      `the analysis of ${label} is ${status}: ${stored.ranges[0]?.failureReason ?? ''}`,
    );
    check(Date.now() < deadline, `the analysis of ${label} did not finish (still ${status})`);
    const value = await bar.getAttribute('aria-valuenow', { timeout: 250 }).catch(() => null);
    if (value !== null && Number(value) !== progressSeen.at(-1)) progressSeen.push(Number(value));
    await page.waitForTimeout(500);
  }
  const seconds = (Date.now() - started) / 1000;
  check(
    progressSeen.some((value) => value > 0 && value < 100),
    `the analysis of ${label} showed no progress between 0 and 100 in ${seconds.toFixed(0)} s (saw ${progressSeen.join(', ') || 'no bar'})`,
  );
  const summary = range.getByText(/^Analysed · \d+ coaching points?$/);
  await summary.waitFor({ timeout: 30_000 }).catch(() => {
    throw new CheckFailed(`the page did not show the analysis of ${label} as done`);
  });
  return {
    measure: `range analysis of two marked minutes (${label})`,
    value: `${seconds.toFixed(0)} s`,
    note: `${(seconds / (RANGE.end - RANGE.start)).toFixed(2)}× real time; progress bar showed ${progressSeen.length} values (${progressSeen.slice(0, 3).join(', ')} … ${progressSeen.at(-1)} %); "${await summary.textContent()}"`,
  };
}

export async function benchFullGame(): Promise<Row[]> {
  check(
    FILM_SECONDS >= RANGE.end + 10,
    `BENCH_FULL_GAME_SECONDS must be at least ${RANGE.end + 10}`,
  );
  const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-full-game-'));
  // The embedded database runs as the `postgres` user when we are root: let it in.
  await chmod(folder, 0o755);
  const rows: Row[] = [];
  let server: ServerProcess | undefined;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  // Some steps wait on the page's events rather than on a browser call, and would wait for ever
  // if Chromium went away: the run fails with the reason instead.
  const browserGone = new Promise<never>((_resolve, reject) =>
    browser.on('disconnected', () => reject(new CheckFailed('Chromium went away during the run'))),
  );
  try {
    return await Promise.race([browserGone, steps()]);
  } catch (error) {
    if (rows.length > 0) {
      console.error('full-game: the rows measured before the failure:');
      printTable(rows);
    }
    throw error;
  } finally {
    await browser.close();
    await server?.stop('SIGTERM');
    await rm(folder, { recursive: true, force: true });
  }

  async function steps(): Promise<Row[]> {
    const started = Date.now();
    const film = await makeGameFilm(folder, SIZE_BYTES, FILM_SECONDS);
    const { size } = await stat(film);
    console.error(
      `full-game: ${megabytes(size)} film made in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    buildCompiledServer();
    buildCompiledWeb();
    // A whole game is analysed only in the ranges the coach chooses; this shorter film too.
    const env = { DATA_DIR: path.join(folder, 'data'), AUTO_ANALYSIS_MAX_SECONDS: '60' };
    server = await startServerProcess(env);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // A step that cannot happen fails the run instead of waiting for ever.
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    const cookie = await signUpInBrowser(page, server.origin);
    console.error('full-game: signed up; uploading from the upload page');

    const upload = await uploadWithCut(page, film, size, env, server);
    server = upload.server;
    rows.push(...upload.rows);
    console.error('full-game: uploaded; checking the stored file, then waiting for preparation');
    const uploadedAt = Date.now();

    const [source, stored] = await Promise.all([
      sha256(film),
      sha256(path.join(env.DATA_DIR, 'blobs', 'videos', upload.videoId, 'original')),
    ]);
    check(
      source === stored,
      `the stored original differs from the file sent (SHA-256 ${stored} vs ${source})`,
    );
    rows.push({
      measure: 'stored original = file sent (SHA-256)',
      value: 'match',
      note: source.slice(0, 16),
    });

    const video = await waitForVideo(
      server.origin,
      cookie,
      upload.videoId,
      (state) => state.status !== 'processing',
      PREPARATION_TIMEOUT_MS,
    );
    check(video.status === 'ready', `preparation failed: ${video.failureReason}`);
    const preparedIn = (Date.now() - uploadedAt) / 1000;
    rows.push({
      measure: `preparation of the uploaded ${clock(FILM_SECONDS)} 1080p30 film (MP4 + HLS ladder + storyboard)`,
      value: `${(preparedIn / FILM_SECONDS).toFixed(2)}× real time`,
      note: `${preparedIn.toFixed(0)} s from upload done to ready, on 2 cores beside the browser`,
    });

    console.error('full-game: prepared; playing it');
    const { ms, mode } = await firstFrame(browser, server.origin, cookie, upload.videoId);
    check(mode === 'hls.js', `the first frame came through ${mode}, not hls.js`);
    rows.push({
      measure: 'time to first frame of the game (HLS)',
      value: `${ms.toFixed(0)} ms`,
      note: 'navigation to first frame presented, fresh context, loopback',
    });

    rows.push(await renditionSwitching(page, server.origin, upload.videoId));
    rows.push(await scrubPreview(page, server.origin));
    console.error('full-game: analysing two marked minutes');
    rows.push(await rangeAnalysis(page, server.origin, upload.videoId));
    return rows;
  }
}
