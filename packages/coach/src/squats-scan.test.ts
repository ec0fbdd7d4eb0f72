import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analysePoses } from './index';
import type { PoseScan } from './pose';

/**
 * The vision scan of the shared squats clip (fixtures/video/squats_single_person.mp4) at 5
 * frames a second, stored as the server stores scans (gzipped JSON, face embeddings dropped).
 * Made with `scanVideo(clip, { fps: 5 })` from packages/vision.
 */
const scan = JSON.parse(
  gunzipSync(
    readFileSync(new URL('../test/fixtures/squats_single_person.scan.json.gz', import.meta.url)),
  ).toString(),
) as PoseScan;

describe('the real squats clip', () => {
  const analysis = analysePoses(scan);
  const athlete = analysis.athletes[0]!;

  it('still counts three squats, the last cut off, and no jumps', () => {
    expect(athlete.repetitions.map((rep) => rep.cutOff)).toEqual([false, false, true]);
    expect(athlete.jumps).toEqual([]);
    expect(analysis.textAnalysis).toContain('completed **3 repetitions**');
    expect(analysis.textAnalysis).toContain('| Jumps | 0 | |');
  });

  it('keeps its squat points and adds none about jumps, arms, holds or speed', () => {
    expect(analysis.coachingPoints.map((p) => p.title)).toEqual([
      'Rep 1: sit deeper',
      'Rep 2: sit deeper',
      'Rep 3: sit deeper',
      'Uneven knees',
    ]);
  });

  it('measures a standing pause as a short still period with little sway', () => {
    const still = athlete.longestStill!;
    // Between rep 1 (up by 3.6 s) and rep 2 (down from 5.0 s).
    expect(still.start).toBeGreaterThanOrEqual(3.6);
    expect(still.end).toBeLessThanOrEqual(5.4);
    expect(still.sway).toBeLessThan(0.05);
    expect(athlete.peakSpeed!.speed).toBeLessThan(0.5);
  });

  it('charts the knee angle', () => {
    expect(analysis.keyMetric).toMatchObject({ name: 'Knee angle', target: 90 });
    expect(analysis.keyMetric!.samples).toHaveLength(65);
  });
});
