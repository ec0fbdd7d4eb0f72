import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFrames, decodePicture, type VideoHeader } from '../src/frames';
import { runMediaTool } from '../src/run';
import { ffmpegPath } from '../src/tools';
import { fixture } from './fixtures';

describe('decodeFrames', () => {
  it('streams RGB frames: the first source frame of each step, with its own time', async () => {
    const times: number[] = [];
    let size = '';
    let header: VideoHeader | undefined;
    for await (const frame of decodeFrames(fixture('video/basketball_practice.mp4'), {
      fps: 2,
      width: 200,
      onHeader: (h) => (header = h),
    })) {
      times.push(frame.t);
      size = `${frame.width}x${frame.height}`;
      expect(frame.data.length).toBe(frame.width * frame.height * 3);
    }
    expect(size).toBe('200x112');
    expect(header).toMatchObject({ fps: 29.97, start: 0 });
    expect(header?.duration).toBeCloseTo(10.01, 2);
    expect(times).toHaveLength(20);
    // The clip runs at 30000/1001 fps: frame n is at n * 1001 / 30000 s. Every half second the
    // first frame at or after it is kept: 0, 15, 30, ... (0.5005 s, 1.001 s, ...).
    times.forEach((t, i) => expect(t).toBeCloseTo((15 * i * 1001) / 30000, 6));
  });

  it('decodes every source frame inside time ranges, the same pictures at the same times', async () => {
    const clip = fixture('video/golf_down-the-line-simulator-indoor.mp4');
    const sampled = new Map<string, Uint8Array>();
    for await (const frame of decodeFrames(clip, { fps: 5, width: 160 })) {
      sampled.set(frame.t.toFixed(5), frame.data);
    }
    const times: number[] = [];
    let same = 0;
    for await (const frame of decodeFrames(clip, {
      width: 160,
      ranges: [
        { from: 1.4, to: 2 },
        { from: 3, to: 3.2 },
      ],
    })) {
      times.push(frame.t);
      const base = sampled.get(frame.t.toFixed(5));
      if (base) {
        expect(Buffer.from(frame.data).equals(Buffer.from(base))).toBe(true);
        same++;
      }
    }
    // 29.97 fps: frames 42-59 (1.4014-1.9686 s) and 90-95 (3.003-3.1698 s), each at its time.
    const frame = (n: number) => (n * 1001) / 30000;
    const expected = [
      ...Array.from({ length: 18 }, (_, i) => frame(42 + i)),
      ...Array.from({ length: 6 }, (_, i) => frame(90 + i)),
    ];
    expect(times).toHaveLength(expected.length);
    times.forEach((t, i) => expect(t).toBeCloseTo(expected[i]!, 6));
    // Frames 42, 48, 54 and 90 are also the 5 fps samples of their steps.
    expect(same).toBe(4);
  });

  it('decodes the portrait clip upright', async () => {
    const frames = decodeFrames(fixture('video/squats_single_person.mp4'), { fps: 1, width: 360 });
    const first = await frames.next();
    await frames.return(undefined);
    expect(first.value).toMatchObject({ index: 0, t: 0, width: 360, height: 640 });
  });

  it('honours a phone rotation tag', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'media-rotate-'));
    try {
      // The basketball clip (426x240 landscape) tagged as shot rotated by 90 degrees.
      const rotated = path.join(folder, 'rotated.mp4');
      await runMediaTool(await ffmpegPath(), [
        '-v',
        'error',
        '-i',
        fixture('video/basketball_practice.mp4'),
        '-t',
        '1',
        '-c',
        'copy',
        '-metadata:s:v:0',
        'rotate=90',
        rotated,
      ]);
      const frames = decodeFrames(rotated, { fps: 1, width: 640 });
      const first = await frames.next();
      await frames.return(undefined);
      expect(first.value).toMatchObject({ width: 240, height: 426 });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('fails clearly on a file that is not a video', async () => {
    const frames = decodeFrames(fixture('SOURCES.md'), { fps: 1, width: 320 });
    await expect(frames.next()).rejects.toThrow(/ffmpeg exited/);
  });

  it('decodes photos from a path', async () => {
    const picture = await decodePicture(fixture('images/three_people.jpg'), 500);
    expect(picture.width).toBe(500);
    expect(picture.data.length).toBe(picture.width * picture.height * 3);
  });
});
