import type { CoachingPoint } from '@filmroom/contract';
import type { PoseSample, PoseScan } from './pose';

/** Test helpers: where a coaching point's guides fall, against the athlete that was drawn. */

/** The first track's sample nearest `t`. */
export function sampleAt(scan: PoseScan, t: number): PoseSample {
  return scan.tracks[0]!.samples.reduce((best, s) =>
    Math.abs(s.t - t) < Math.abs(best.t - t) ? s : best,
  );
}

/** A keypoint of a sample, in frame fractions. */
export function keypoint(sample: PoseSample, name: string): { x: number; y: number } {
  const found = sample.keypoints.find((k) => k.name === name);
  if (!found) throw new Error(`no ${name} at ${sample.t}`);
  return { x: found.x, y: found.y };
}

/** Every coordinate the point's guides use. */
export function guideCoordinates(point: CoachingPoint): number[] {
  return (point.visualGuides ?? []).flatMap((g) => [g.x, g.y, g.endX ?? g.x, g.endY ?? g.y]);
}

/** Guides whose start is outside the athlete's box at the point's moment, give or take `margin`. */
export function guidesOffTheAthlete(point: CoachingPoint, scan: PoseScan, margin = 0.02) {
  const [x, y, width, height] = sampleAt(scan, point.timestamp).box;
  return (point.visualGuides ?? []).filter(
    (g) =>
      g.x < x - margin || g.x > x + width + margin || g.y < y - margin || g.y > y + height + margin,
  );
}
