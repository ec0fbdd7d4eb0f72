import { bodySeries, type BodyMoment } from '../body-series';
import { defined, distance, median } from '../geometry';
import type { Point, PoseScan, PoseTrack } from '../pose';
import { bodyLengthOf } from '../standing';

/**
 * One athlete's pose series with the measures every movement reads, in the clip's own units:
 * lengths in trunks (shoulder to hip, the most reliably seen segment), times in clip seconds.
 */
export type Athlete = {
  trackId: number | string;
  moments: BodyMoment[];
  frame: { width: number; height: number };
  /** Shoulder-to-hip length in pixels. */
  trunk: number;
  /** Shoulder-to-ankle length in pixels. */
  bodyLength: number;
  /** Per moment: the higher wrist above the shoulders, in trunks (negative below). */
  handHeight: (number | undefined)[];
  /** Per moment: the faster wrist's speed, trunks per second. */
  wristSpeed: number[];
  /** Per moment: the hips' height above their lowest, in trunks (smoothed). */
  hipHeight: number[];
  /** Per moment: the shoulders' height above their lowest, in trunks (smoothed). */
  shoulderHeight: number[];
  /** Per moment: distance between the wrists, in trunks. */
  wristGap: (number | undefined)[];
  /**
   * The stretch the coach asked about ("between 0:05 and 0:10"), on the athlete's clock: a
   * record that picks one rep of several (the shallowest, the most bent) picks it there.
   */
  focus?: { from: number; to: number };
};

export function athleteFrom(
  track: PoseTrack,
  frame: Pick<PoseScan, 'width' | 'height'>,
): Athlete | undefined {
  const moments = bodySeries(track, frame);
  if (moments.length < 5) return undefined;
  const trunk = median(moments.map((m) => distance(m.hip, m.shoulder))) || 1;
  const bodyLength = bodyLengthOf(moments) || trunk * 2.7;
  const times = moments.map((m) => m.t);
  const hipY = smoothInTime(
    moments.map((m) => m.hip.y),
    times,
    0.13,
  );
  const shoulderY = smoothInTime(
    moments.map((m) => m.shoulder.y),
    times,
    0.13,
  );
  const lowest = (ys: number[]) => Math.max(...ys);
  return {
    trackId: track.id,
    moments,
    frame: { width: frame.width, height: frame.height },
    trunk,
    bodyLength,
    handHeight: moments.map((m) => {
      const wrists = wristsOf(m);
      return wrists.length
        ? (m.shoulder.y - Math.min(...wrists.map((w) => w.y))) / trunk
        : undefined;
    }),
    wristSpeed: wristSpeeds(moments, trunk),
    hipHeight: hipY.map((y) => (lowest(hipY) - y) / trunk),
    shoulderHeight: shoulderY.map((y) => (lowest(shoulderY) - y) / trunk),
    wristGap: moments.map((m) =>
      m.points.left_wrist && m.points.right_wrist
        ? distance(m.points.left_wrist, m.points.right_wrist) / trunk
        : undefined,
    ),
  };
}

export function wristsOf(moment: BodyMoment): Point[] {
  return [moment.points.left_wrist, moment.points.right_wrist].filter((p): p is Point => !!p);
}

/**
 * A centred moving average over a window of `seconds`, whatever the sampling rate: scans
 * sample fast stretches at the source frame rate and the rest sparsely.
 */
export function smoothInTime(values: number[], times: number[], seconds: number): number[] {
  const half = seconds / 2 + 1e-9;
  let from = 0;
  let to = 0;
  let sum = 0;
  return values.map((_, i) => {
    while (to < values.length && times[to]! <= times[i]! + half) sum += values[to++]!;
    while (times[from]! < times[i]! - half) sum -= values[from++]!;
    return sum / (to - from);
  });
}

/** Each moment's hand height, gaps (wrists not seen) filled from the last seen, smoothed. */
export function handHeights(athlete: Athlete, seconds: number): number[] {
  let last = athlete.handHeight.find((h) => h !== undefined) ?? 0;
  const filled = athlete.handHeight.map((h) => (h === undefined ? last : (last = h)));
  return smoothInTime(
    filled,
    athlete.moments.map((m) => m.t),
    seconds,
  );
}

function wristSpeeds(moments: BodyMoment[], trunk: number): number[] {
  return moments.map((m, i) => {
    const before = moments[Math.max(0, i - 1)]!;
    const after = moments[Math.min(moments.length - 1, i + 1)]!;
    const dt = after.t - before.t;
    if (dt <= 0) return 0;
    let fastest = 0;
    for (const side of ['left_wrist', 'right_wrist']) {
      const a = before.points[side];
      const b = after.points[side];
      if (a && b) fastest = Math.max(fastest, distance(a, b) / trunk / dt);
    }
    return fastest;
  });
}

/** The value at a quantile (0-1) of the measured values. */
export function quantile(values: (number | undefined)[], q: number): number | undefined {
  const sorted = defined(values).sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor((sorted.length - 1) * q)))];
}

/** The share of moments for which `test` holds, among those where it can be told. */
export function share(values: (number | undefined)[], test: (value: number) => boolean): number {
  const known = defined(values);
  return known.length ? known.filter(test).length / known.length : 0;
}

/** The index of the moment nearest `t`. */
export function indexAt(athlete: Athlete, t: number): number {
  let best = 0;
  athlete.moments.forEach((m, i) => {
    if (Math.abs(m.t - t) < Math.abs(athlete.moments[best]!.t - t)) best = i;
  });
  return best;
}

export function momentAt(athlete: Athlete, t: number): BodyMoment {
  return athlete.moments[indexAt(athlete, t)]!;
}

/** Body angle from vertical (shoulders to ankles): about 0 standing, about 90 lying. */
export function bodyTilt(moment: BodyMoment): number | undefined {
  const ankle = moment.points.left_ankle ?? moment.points.right_ankle;
  if (!ankle) return undefined;
  const dx = Math.abs(ankle.x - moment.shoulder.x);
  const dy = Math.abs(ankle.y - moment.shoulder.y);
  return (Math.atan2(dx, dy) * 180) / Math.PI;
}

/**
 * Indexes of local maxima of `values` that stand at least `prominence` above both sides, at
 * least `minGap` seconds apart (`times` gives each value's time; scans sample fast stretches
 * more densely, so gaps are counted in time, not in samples).
 */
export function peaks(
  values: number[],
  prominence: number,
  minGap = 0,
  times: number[] = values.map((_, i) => i),
): number[] {
  const found: number[] = [];
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    if (i > 0 && values[i - 1]! >= v) continue; // a plateau counts once, at its start
    if (i < values.length - 1 && values[i + 1]! > v) continue;
    // Walk out each side until the values rise above v again; the lower of the two minima
    // found on the way is how far the peak stands out. A side that runs to the clip's edge
    // without rising higher does not limit the peak: the clip may start or end mid-movement.
    let left = v;
    let j = i - 1;
    for (; j >= 0 && values[j]! <= v; j -= 1) left = Math.min(left, values[j]!);
    if (j < 0) left = -Infinity;
    let right = v;
    let k = i + 1;
    for (; k < values.length && values[k]! <= v; k += 1) right = Math.min(right, values[k]!);
    if (k >= values.length) right = -Infinity;
    if (left === -Infinity && right === -Infinity) left = Math.min(...values);
    if (v - Math.max(left, right) < prominence) continue;
    const last = found.at(-1);
    if (last !== undefined && times[i]! - times[last]! < minGap) {
      if (v > values[last]!) found[found.length - 1] = i;
      continue;
    }
    found.push(i);
  }
  return found;
}
