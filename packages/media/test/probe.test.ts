import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displaySize, probeMedia, UnreadableMediaError } from '../src/probe';
import { runMediaTool } from '../src/run';
import { ffmpegPath } from '../src/tools';
import { fixture } from './fixtures';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'media-probe-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A fixture clip copied without re-encoding, with extra output options (tags, metadata). */
async function copyOf(clip: string, name: string, options: string[]): Promise<string> {
  const output = path.join(folder, name);
  // prettier-ignore
  await runMediaTool(await ffmpegPath(), [
    '-hide_banner', '-loglevel', 'error', '-y', '-i', fixture(clip), '-c', 'copy', ...options, output,
  ]);
  return output;
}

/** Basketball practice (29.97 fps) carrying the capture rate as an Android phone writes it. */
const phoneClip = (captureFps: number) =>
  copyOf('video/basketball_practice.mp4', `capture-${captureFps}.mp4`, [
    ...['-metadata', `com.android.capture.fps=${captureFps.toFixed(6)}`],
    ...['-movflags', 'use_metadata_tags'],
  ]);

describe('probeMedia', () => {
  it('reads a clip: container, length, codec, size, frame rate', async () => {
    expect(await probeMedia(fixture('video/basketball_practice.mp4'))).toEqual({
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
      isQuickTime: false,
      duration: 10.01,
      video: {
        codec: 'h264',
        pixelFormat: 'yuv420p',
        width: 426,
        height: 240,
        rotation: 0,
        frameRate: 30000 / 1001,
      },
      audio: null,
      slowMotion: null,
    });
  });

  it('finds the sound track of a clip that has one', async () => {
    const probe = await probeMedia(fixture('video/basketball_freethrow-side-gym.mp4'));
    expect(probe.audio).toEqual({ codec: 'aac' });
    expect(probe.video).toMatchObject({ width: 1920, height: 1080, frameRate: 30 });
  });

  it('reads a recording with no picture', async () => {
    const probe = await probeMedia(fixture('audio/go_forward_ten_meters.wav'));
    expect(probe.video).toBeNull();
    expect(probe.audio).toEqual({ codec: 'pcm_s16le' });
    expect(probe.duration).toBeCloseTo(2.79, 2);
  });

  it('reads a phone rotation: stored sideways, shown upright', async () => {
    const rotated = await copyOf('video/basketball_practice.mp4', 'rotated.mp4', [
      '-metadata:s:v:0',
      'rotate=90',
    ]);
    const { video } = await probeMedia(rotated);
    expect(video).toMatchObject({ width: 426, height: 240 });
    expect(video!.rotation % 180).toBe(90);
    expect(displaySize(video!)).toEqual({ width: 240, height: 426 });
  });

  it('reads slow motion from the capture rate a phone writes, in whole multiples', async () => {
    // 120 / 29.97 is 4.004: a phone films at a whole multiple of the playback rate.
    expect((await probeMedia(await phoneClip(120))).slowMotion).toEqual({
      factor: 4,
      captureFps: 120,
    });
    // A normal recording states its own rate: real time.
    expect((await probeMedia(await phoneClip(29.97))).slowMotion).toBeNull();
    // Beyond what the product accepts, the factor is capped.
    expect((await probeMedia(await phoneClip(1200))).slowMotion).toEqual({
      factor: 32,
      captureFps: 1200,
    });
  });

  it('says a file cut off half-way is incomplete', async () => {
    const whole = await readFile(fixture('video/squats_single_person.mp4'));
    const cut = path.join(folder, 'cut.mp4');
    await writeFile(cut, whole.subarray(0, whole.length / 2));
    const error = await probeMedia(cut).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnreadableMediaError);
    expect((error as Error).message).toMatch(/incomplete/);
  });

  it('says a file that is not media could not be read as a video', async () => {
    await expect(probeMedia(fixture('SOURCES.md'))).rejects.toThrow(/could not be read as a video/);
  });
});
