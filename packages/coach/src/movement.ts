import type { BodyMoment } from './body-series';
import { median, smooth } from './geometry';
import type { Point } from './pose';

export type SpeedSample = {
  t: number;
  /** Hip speed in body lengths per second. */
  speed: number;
  /** Hip velocity in pixels per second: the direction of travel. */
  velocity: Point;
  /** The smoothed hip position. */
  hip: Point;
};

// Hip positions are averaged over about 0.4 s before differentiating: keypoints jitter from
// frame to frame, and a derivative amplifies jitter.
const SMOOTH_SECONDS = 0.4;

/** How fast the hips travel through the clip, one sample per moment. */
export function speedSeries(moments: BodyMoment[], bodyLength: number): SpeedSample[] {
  if (moments.length < 2) return [];
  const steps = moments.slice(1).map((m, i) => m.t - moments[i]!.t);
  const radius = Math.max(1, Math.round(SMOOTH_SECONDS / 2 / (median(steps) || 1)));
  const xs = smooth(
    moments.map((m) => m.hip.x),
    radius,
  );
  const ys = smooth(
    moments.map((m) => m.hip.y),
    radius,
  );
  return moments.map((moment, i) => {
    const before = Math.max(0, i - 1);
    const after = Math.min(moments.length - 1, i + 1);
    const dt = moments[after]!.t - moments[before]!.t;
    const velocity =
      dt > 0
        ? { x: (xs[after]! - xs[before]!) / dt, y: (ys[after]! - ys[before]!) / dt }
        : { x: 0, y: 0 };
    return {
      t: moment.t,
      speed: Math.hypot(velocity.x, velocity.y) / bodyLength,
      velocity,
      hip: { x: xs[i]!, y: ys[i]! },
    };
  });
}

/** The fastest sample; the earliest when several tie. */
export function fastest(series: SpeedSample[]): SpeedSample | undefined {
  return series.reduce<SpeedSample | undefined>(
    (best, sample) => (!best || sample.speed > best.speed ? sample : best),
    undefined,
  );
}
