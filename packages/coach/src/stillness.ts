import { distance, median } from './geometry';
import type { SpeedSample } from './movement';

export type StillPeriod = {
  start: number;
  end: number;
  seconds: number;
  /** The hips' largest distance from their median position, as a share of body length. */
  sway: number;
  /** When the hips were furthest out. */
  swayAt: number;
};

// Hips slower than this (body lengths/s, about 13 cm/s) are still: the slow sway of a wobbly
// hold stays under it; walking, a squat's descent and the hips settling at the end of a rep
// (0.12 on the squats clip) do not.
const STILL_SPEED = 0.1;
// Shorter pauses are a turn between reps, not a hold.
const MIN_SECONDS = 1;

/**
 * Periods of at least a second where the hips barely move, with how much they swayed.
 * Moments inside `moving` (repetitions, jumps) are movement however slow: a slow, shallow
 * squat would otherwise pass for a wobbly hold.
 */
export function findStillPeriods(
  series: SpeedSample[],
  bodyLength: number,
  moving: { start: number; end: number }[] = [],
): StillPeriod[] {
  const periods: StillPeriod[] = [];
  let first: number | undefined;
  series.forEach((sample, index) => {
    const still =
      sample.speed < STILL_SPEED && !moving.some((w) => sample.t >= w.start && sample.t <= w.end);
    if (still && first === undefined) first = index;
    const last = !still ? index - 1 : index === series.length - 1 ? index : undefined;
    if (first === undefined || last === undefined) return;
    const period = series.slice(first, last + 1);
    first = undefined;
    const seconds = period.at(-1)!.t - period[0]!.t;
    if (seconds < MIN_SECONDS) return;
    // Smoothed hips: a keypoint glitching for one frame is not a wobble.
    const centre = {
      x: median(period.map((s) => s.hip.x)),
      y: median(period.map((s) => s.hip.y)),
    };
    const furthest = period.reduce((a, b) =>
      distance(b.hip, centre) > distance(a.hip, centre) ? b : a,
    );
    periods.push({
      start: period[0]!.t,
      end: period.at(-1)!.t,
      seconds,
      sway: distance(furthest.hip, centre) / bodyLength,
      swayAt: furthest.t,
    });
  });
  return periods;
}
