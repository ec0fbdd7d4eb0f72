import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePicture } from '../src/frames';
import { probeMedia, type MediaProbe } from '../src/probe';
import { MediaToolError, runMediaTool } from '../src/run';
import { ffmpegPath } from '../src/tools';
import { makeStill, makeWebVideo, planWebVideo } from '../src/web-video';
import { fixture } from './fixtures';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'media-web-video-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** faststart: the index (moov) comes before the picture data (mdat). */
async function indexFirst(file: string): Promise<boolean> {
  const bytes = await readFile(file);
  return bytes.indexOf('moov') >= 0 && bytes.indexOf('moov') < bytes.indexOf('mdat');
}

const BROWSER_READY: MediaProbe = {
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  isQuickTime: false,
  duration: 10,
  video: {
    codec: 'h264',
    pixelFormat: 'yuv420p',
    width: 1280,
    height: 720,
    rotation: 0,
    frameRate: 30,
  },
  audio: { codec: 'aac' },
  slowMotion: null,
};

describe('planWebVideo', () => {
  it('only re-wraps what every browser plays: H.264 4:2:0 with AAC or no sound, in MP4', async () => {
    expect(planWebVideo(await probeMedia(fixture('video/basketball_practice.mp4')))).toEqual({
      kind: 'remux',
      reason: 'already H.264/AAC in MP4',
    });
    expect(planWebVideo(BROWSER_READY).kind).toBe('remux');
    expect(planWebVideo({ ...BROWSER_READY, audio: null }).kind).toBe('remux');
  });

  it('transcodes anything else, and says why', async () => {
    expect(
      planWebVideo(await probeMedia(fixture('video/jumpingjacks_multiperson-outdoor.mp4'))),
    ).toEqual({ kind: 'transcode', reason: 'video codec vp9' });
    const video = BROWSER_READY.video!;
    expect(planWebVideo({ ...BROWSER_READY, video: { ...video, pixelFormat: 'yuv422p' } })).toEqual(
      { kind: 'transcode', reason: 'pixel format yuv422p' },
    );
    expect(planWebVideo({ ...BROWSER_READY, audio: { codec: 'opus' } })).toEqual({
      kind: 'transcode',
      reason: 'audio codec opus',
    });
    expect(planWebVideo({ ...BROWSER_READY, isQuickTime: true })).toEqual({
      kind: 'transcode',
      reason: 'container QuickTime',
    });
    expect(planWebVideo({ ...BROWSER_READY, container: 'matroska,webm' })).toEqual({
      kind: 'transcode',
      reason: 'container matroska,webm',
    });
  });
});

describe('makeWebVideo', () => {
  it('re-wraps with the index first, without re-encoding', async () => {
    const input = fixture('video/basketball_freethrow-side-gym.mp4');
    const output = path.join(folder, 'remuxed.mp4');
    await makeWebVideo(input, output, { kind: 'remux', reason: '' }, { duration: 3.04 });
    expect(await indexFirst(output)).toBe(true);
    const [before, after] = [await probeMedia(input), await probeMedia(output)];
    expect(after.video).toEqual(before.video);
    expect(after.audio).toEqual(before.audio);
    expect(after.duration).toBeCloseTo(before.duration!, 1);
    const [inSize, outSize] = [(await stat(input)).size, (await stat(output)).size];
    expect(Math.abs(outSize - inSize)).toBeLessThan(inSize * 0.05);
  });

  it('transcodes to H.264 4:2:0 with stereo AAC, index first, reporting progress', async () => {
    const output = path.join(folder, 'transcoded.mp4');
    const progress: number[] = [];
    await makeWebVideo(
      fixture('video/jumpingjacks_multiperson-outdoor.mp4'),
      output,
      { kind: 'transcode', reason: 'video codec vp9' },
      { duration: 1, maxSeconds: 1, onProgress: (fraction) => progress.push(fraction) },
    );
    expect(await indexFirst(output)).toBe(true);
    const probe = await probeMedia(output);
    // 1768x994 is under the 1920 limit: kept as it is, never upscaled.
    expect(probe.video).toMatchObject({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: 1768,
      height: 994,
    });
    expect(probe.audio).toEqual({ codec: 'aac' });
    expect(probe.duration).toBeLessThan(1.1);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeGreaterThan(0.9);
    expect(progress.at(-1)).toBeLessThanOrEqual(1);
  });

  it('scales a picture larger than 1920 px down to a 1920 long side with even sides', async () => {
    // The free-throw clip blown up to 2560x1442, as a camera beyond 1080p might film.
    const big = path.join(folder, 'big.mov');
    // prettier-ignore
    await runMediaTool(await ffmpegPath(), [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-i', fixture('video/basketball_freethrow-side-gym.mp4'), '-t', '0.5',
      '-vf', 'scale=2560:1442', '-c:v', 'mpeg4', '-q:v', '10', '-an', big,
    ]);
    const output = path.join(folder, 'scaled.mp4');
    await makeWebVideo(
      big,
      output,
      { kind: 'transcode', reason: 'video codec mpeg4' },
      {
        duration: 0.5,
      },
    );
    // 1442 * 1920 / 2560 is 1081.5: the height is rounded to an even number.
    expect((await probeMedia(output)).video).toMatchObject({ width: 1920, height: 1082 });
  });

  it('fails with what ffmpeg said when the input is not a video', async () => {
    const error = await makeWebVideo(
      fixture('SOURCES.md'),
      path.join(folder, 'never.mp4'),
      { kind: 'transcode', reason: '' },
      { duration: null },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaToolError);
    expect((error as MediaToolError).stderr).toMatch(/Invalid data/);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const making = makeWebVideo(
      fixture('video/yoga_flow-warrior-sequence-front.mp4'),
      path.join(folder, 'stopped.mp4'),
      { kind: 'transcode', reason: '' },
      { duration: 17.6, signal: controller.signal, onProgress: () => controller.abort() },
    );
    await expect(making).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('makeStill', () => {
  it('writes a JPEG of the moment asked for, its long side bounded', async () => {
    const still = path.join(folder, 'still.jpg');
    await makeStill(fixture('video/basketball_freethrow-side-gym.mp4'), still, {
      atSeconds: 1,
      longSide: 320,
    });
    expect((await readFile(still)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await decodePicture(still)).toMatchObject({ width: 320, height: 180 });
  });

  it('bounds the long side of a portrait picture too', async () => {
    const still = path.join(folder, 'portrait.jpg');
    await makeStill(fixture('video/squats_single_person.mp4'), still, {
      atSeconds: 0,
      longSide: 320,
    });
    expect(await decodePicture(still)).toMatchObject({ width: 180, height: 320 });
  });
});
