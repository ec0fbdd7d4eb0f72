import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ffmpegPath } from '../src/ffmpeg';
import { decodeFrames, decodePicture } from '../src/frames';
import { fixture } from './fixtures';

describe('decodeFrames', () => {
  it('streams RGB frames with the exact sampled timestamps', async () => {
    const times: number[] = [];
    let size = '';
    for await (const frame of decodeFrames(fixture('video/basketball_practice.mp4'), {
      fps: 2,
      width: 200,
    })) {
      times.push(frame.t);
      size = `${frame.width}x${frame.height}`;
      expect(frame.data.length).toBe(frame.width * frame.height * 3);
    }
    expect(size).toBe('200x112');
    expect(times).toHaveLength(20);
    times.forEach((t, i) => expect(t).toBeCloseTo(i / 2, 6));
  });

  it('decodes the portrait clip upright', async () => {
    const frames = decodeFrames(fixture('video/squats_single_person.mp4'), { fps: 1, width: 360 });
    const first = await frames.next();
    await frames.return(undefined);
    expect(first.value).toMatchObject({ index: 0, t: 0, width: 360, height: 640 });
  });

  it('honours a phone rotation tag', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'vision-rotate-'));
    try {
      // The basketball clip (426x240 landscape) tagged as shot rotated by 90 degrees.
      const rotated = path.join(folder, 'rotated.mp4');
      const made = spawnSync(ffmpegPath, [
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
      expect(made.status, String(made.stderr)).toBe(0);
      const frames = decodeFrames(rotated, { fps: 1, width: 640 });
      const first = await frames.next();
      await frames.return(undefined);
      expect(first.value).toMatchObject({ width: 240, height: 426 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
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
