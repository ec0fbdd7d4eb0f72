import { describe, expect, it } from 'vitest';
import { scanVideo } from '../src/index';
import type { Track, VisionScan } from '../src/index';
import { fixture } from './fixtures';
import { turningPoints } from './signal';

function mainTrack(scan: VisionScan): Track {
  const [main] = [...scan.tracks].sort((a, b) => b.samples.length - a.samples.length);
  if (!main) throw new Error('no track');
  return main;
}

describe('scanVideo on real clips', () => {
  it("scans only the range asked for, with times on the whole video's timeline", async () => {
    const progress: number[] = [];
    const scan = await scanVideo(fixture('video/squats_single_person.mp4'), {
      fps: 5,
      width: 320,
      workers: 2,
      range: { from: 6, to: 9 },
      onProgress: (fraction) => progress.push(fraction),
    });
    // Three seconds at 5 fps, not the clip's 65 frames.
    expect(scan.frames).toBe(15);
    const times = scan.tracks.flatMap((track) => track.samples.map((sample) => sample.t));
    expect(times.length).toBeGreaterThan(0);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(6);
    expect(Math.max(...times)).toBeLessThan(9);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
  });

  it('follows the athlete through the squats clip and sees the hips go down and up', async () => {
    const progress: number[] = [];
    const scan = await scanVideo(fixture('video/squats_single_person.mp4'), {
      fps: 5,
      width: 320,
      workers: 2,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(scan.duration).toBeCloseTo(13, 0);
    expect(scan.frames).toBe(65);
    // A 5 fps clip sampled at 5 fps: every frame is a base sample, nothing is left to add.
    expect(scan.sourceFps).toBe(5);
    expect(scan.denseWindows).toEqual([]);
    // Portrait clip, autorotated: taller than wide.
    expect(scan.width).toBe(320);
    expect(scan.height).toBeGreaterThan(scan.width);
    const main = mainTrack(scan);
    expect(main.samples.length).toBeGreaterThanOrEqual(0.8 * scan.frames);
    // Timestamps are the sampled instants, strictly increasing.
    for (let i = 1; i < main.samples.length; i++) {
      expect(main.samples[i]!.t).toBeGreaterThan(main.samples[i - 1]!.t);
    }
    // Any other track is a brief ghost, not a second athlete.
    for (const other of scan.tracks.filter((t) => t !== main)) {
      expect(other.samples.length).toBeLessThan(0.2 * scan.frames);
    }
    const hipY = main.samples.map((s) => (s.keypoints[11]!.y + s.keypoints[12]!.y) / 2);
    const swing = Math.max(...hipY) - Math.min(...hipY);
    expect(swing).toBeGreaterThan(0.08);
    const { minima, maxima } = turningPoints(hipY, swing / 3);
    // Hip y grows (image down) as she squats. A bottom counts once she has come back up and a
    // top once she goes down again, so the clip's three squats show at least two of each.
    expect(maxima).toBeGreaterThanOrEqual(2);
    expect(minima).toBeGreaterThanOrEqual(2);
    // Standing: nose above hips on most samples.
    const upright = main.samples.filter((s, i) => s.keypoints[0]!.y < hipY[i]!).length;
    expect(upright).toBeGreaterThan(0.9 * main.samples.length);
    // Compact stored form: fractions with at most 4 decimals, a few embeddings.
    const sample = main.samples[0]!;
    for (const value of sample.box) expect(Math.round(value * 1e4) / 1e4).toBe(value);
    expect(main.samples.filter((s) => s.face?.embedding).length).toBeLessThanOrEqual(3);
    // She wears a raspberry top, between red and pink: either name is fair, nothing else is.
    expect(['Red', 'Pink']).toContain(main.jerseyColor?.name);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
  });

  it('finds at least two players in the basketball clip', async () => {
    const scan = await scanVideo(fixture('video/basketball_practice.mp4'), {
      fps: 3,
      width: 640,
      workers: 2,
      faces: false,
    });
    // Never upscaled: the clip is 426x240.
    expect(scan.width).toBe(426);
    expect(scan.height).toBe(240);
    const lasting = scan.tracks.filter((t) => t.samples.length >= 5);
    expect(lasting.length).toBeGreaterThanOrEqual(2);
    // Two people at the same instant, not one person split in two tracks.
    const counts = new Map<number, number>();
    for (const track of scan.tracks) {
      for (const s of track.samples) counts.set(s.t, (counts.get(s.t) ?? 0) + 1);
    }
    expect(Math.max(...counts.values())).toBeGreaterThanOrEqual(2);
  });

  it('stops ffmpeg and the workers when aborted', async () => {
    const controller = new AbortController();
    const scanning = scanVideo(fixture('video/squats_single_person.mp4'), {
      fps: 5,
      width: 320,
      workers: 1,
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('stop')),
    });
    const started = Date.now();
    await expect(scanning).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
