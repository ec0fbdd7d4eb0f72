import type { BodyMoment } from './body-series';
import { median } from './geometry';
import { smoothInTime } from './movements/athlete';
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

// Hip speed is read as the hips' position over the next 0.2 s against their position over the
// last 0.2 s: keypoints jitter from frame to frame, and a derivative amplifies jitter. The
// window is in seconds, not samples: scans sample fast stretches at the source frame rate and
// the rest five times a second, and a 15 fps clip has half the samples of a 30 fps one, so a
// window of samples differentiates jitter over 0.07 s in one stretch and a second in the next.
const SMOOTH_SECONDS = 0.4;

/** For each time, the indexes of the first and last times within `half` seconds of it. */
function windows(times: number[], half: number): [number, number][] {
  let first = 0;
  let last = 0;
  return times.map((t) => {
    while (times[first]! < t - half - 1e-9) first += 1;
    while (last + 1 < times.length && times[last + 1]! <= t + half + 1e-9) last += 1;
    return [first, last];
  });
}

/** The mean time and position over the indexes `from` to `to` (inclusive). */
function meanOf(times: number[], points: Point[], from: number, to: number) {
  const n = to - from + 1;
  let [t, x, y] = [0, 0, 0];
  for (let j = from; j <= to; j += 1) {
    t += times[j]!;
    x += points[j]!.x;
    y += points[j]!.y;
  }
  return { t: t / n, x: x / n, y: y / n };
}

/** How fast the hips travel through the clip, one sample per moment. */
export function speedSeries(moments: BodyMoment[], bodyLength: number): SpeedSample[] {
  if (moments.length < 2) return [];
  const times = moments.map((m) => m.t);
  const around = windows(times, SMOOTH_SECONDS / 2);
  // A hip keypoint glitching for one sample is not a move: the median over the window ignores
  // it, where a sparse stretch leaves a mean only two other samples to dilute it with.
  const hips = around.map(([first, last]) => {
    const near = moments.slice(first, last + 1);
    return { x: median(near.map((m) => m.hip.x)), y: median(near.map((m) => m.hip.y)) };
  });
  const xs = smoothInTime(
    moments.map((m) => m.hip.x),
    times,
    SMOOTH_SECONDS,
  );
  const ys = smoothInTime(
    moments.map((m) => m.hip.y),
    times,
    SMOOTH_SECONDS,
  );
  return moments.map((moment, i) => {
    const [first, last] = around[i]!;
    // Where the athlete was lost for longer than the window, the neighbours span the gap.
    const earlier = meanOf(times, hips, first < i ? first : Math.max(0, i - 1), i);
    const later = meanOf(times, hips, i, last > i ? last : Math.min(moments.length - 1, i + 1));
    const dt = later.t - earlier.t;
    const velocity =
      dt > 0 ? { x: (later.x - earlier.x) / dt, y: (later.y - earlier.y) / dt } : { x: 0, y: 0 };
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
