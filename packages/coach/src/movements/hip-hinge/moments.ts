import { defined, median } from '../../geometry';
import type { Athlete } from '../athlete';
import type { Cycle } from '../shared';

/**
 * A deadlift's key moments, read from the bar's path. The bar is in the hands, so the wrists
 * carry it; the shoulders stand in for it at the top, where the hands hide behind the thighs
 * (side view) and the arms hang straight, so the bar goes down with the shoulders.
 */
export type LiftMoments = {
  bottom: number;
  liftOff?: number;
  lockout: number;
  loweringStart?: number;
  barOnFloor?: number;
};

// Keypoint jitter of a still wrist or shoulder, in trunk lengths (about 1.5 cm): a move
// smaller than this is not yet a move.
const JITTER = 0.03;
// A clear move, well beyond the jitter: the bar off the floor, the shoulders on the way down.
const CLEAR = 0.08;
// The last stretch of the set-up (seconds), the lifter set over the bar.
const SET_UP = 0.6;
// How long the clip must go on after the bar reaches the floor to see it stop there (seconds).
const SETTLED = 0.1;

/**
 * The bar's height per moment in trunk lengths (up positive), undefined where no wrist is seen.
 * The two wrists sit at different heights in the picture (the far one is seen lower from the
 * side), so the right one is moved by the usual difference between them before they are
 * averaged: a moment that sees only one wrist does not jump.
 */
function barHeights(athlete: Athlete): (number | undefined)[] {
  const left = athlete.moments.map((m) => m.points.left_wrist?.y);
  const right = athlete.moments.map((m) => m.points.right_wrist?.y);
  const offset =
    median(defined(left.map((l, i) => (l === undefined ? undefined : right[i]! - l)))) || 0;
  return athlete.moments.map((_, i) => {
    const seen = defined([left[i], right[i] === undefined ? undefined : right[i]! - offset]);
    return seen.length ? -median(seen) / athlete.trunk : undefined;
  });
}

/** The shoulders' height per moment, unsmoothed (smoothing would start a move early). */
const shoulderHeights = (athlete: Athlete) =>
  athlete.moments.map((m) => -m.shoulder.y / athlete.trunk);

type Series = { times: number[]; values: (number | undefined)[] };

// Speeds are read over this long (seconds): long enough to average out a wrist's flicker
// between dense samples, short enough to stay on one stretch of the move.
const SPEED_SPAN = 0.15;

/**
 * The series' rate of change at sample `i` (per second): the least-squares slope of the seen
 * samples within SPEED_SPAN after it (`side` +1) or before it (-1), itself included, and at
 * least the next seen one where the samples are sparse.
 */
function slopeAt({ times, values }: Series, i: number, side: 1 | -1): number | undefined {
  const near: [number, number][] = [];
  for (let j = i; j >= 0 && j < times.length; j += side) {
    if (Math.abs(times[j]! - times[i]!) > SPEED_SPAN + 1e-9 && near.length >= 2) break;
    if (values[j] !== undefined) near.push([times[j]!, values[j]!]);
  }
  if (near.length < 2) return undefined;
  const mt = near.reduce((sum, [t]) => sum + t, 0) / near.length;
  const mv = near.reduce((sum, [, v]) => sum + v, 0) / near.length;
  const spread = near.reduce((sum, [t]) => sum + (t - mt) ** 2, 0);
  const together = near.reduce((sum, [t, v]) => sum + (t - mt) * (v - mv), 0);
  return spread > 0 ? together / spread : undefined;
}

/**
 * When a series that held `level` left it (`direction` +1 up, -1 down), searching the samples
 * `from` to `to`. The move is the unbroken stretch beyond the jitter that leads to the first
 * clearly away sample (CLEAR); it is followed back from its first sample at the speed it goes
 * on at, to the level. A move `fromRest` that speeds up all the way (a pull off the floor)
 * covered its first distance at half its speed on average, so it is followed back twice as
 * far; a controlled one (the lowering) soon moves at an even speed. A move starts slowly, so
 * the last sample within the jitter may already be on it when it is beyond the level: it is
 * followed back the same way, but never past the sample before it. Never after the first
 * sample of the move.
 */
export function departure(
  series: Series,
  from: number,
  to: number,
  level: number,
  direction: 1 | -1,
  fromRest: boolean,
): number | undefined {
  const { times, values } = series;
  const away = (i: number) =>
    values[i] === undefined ? undefined : (values[i]! - level) * direction;
  let clear = from;
  while (clear <= to && (away(clear) ?? -Infinity) < CLEAR) clear += 1;
  if (clear > to) return undefined;
  let still = clear - 1;
  while (still >= from && (away(still) ?? Infinity) >= JITTER) still -= 1;
  if (still < from) return undefined;
  let moving = still + 1;
  while (away(moving) === undefined) moving += 1;
  const speed = (slopeAt(series, moving, 1) ?? 0) * direction;
  const backFrom = (i: number) =>
    speed > 0 ? ((fromRest ? 2 : 1) * Math.max(0, away(i)!)) / speed : Infinity;
  // A wrist's flicker can put an early sample of the move back within the jitter: the last
  // still sample is trusted as still only at the level or short of it.
  const earliest =
    still > 0 && speed > 0 && away(still)! > 0
      ? Math.max(times[still - 1]!, times[still]! - backFrom(still))
      : times[still]!;
  return Math.max(earliest, times[moving]! - backFrom(moving));
}

/**
 * When a series came to rest at `level`, its lowest (`direction` -1 coming down to it) or
 * highest (+1), after sample `from`: the first sample within the jitter of it, reached from the
 * sample before at the speed it came in at. The clip must go on long enough to see it stop.
 */
function arrival(
  series: Series,
  from: number,
  to: number,
  level: number,
  direction: 1 | -1,
): number | undefined {
  const { times, values } = series;
  const short = (i: number) =>
    values[i] === undefined ? undefined : (level - values[i]!) * direction;
  let arrived = from + 1;
  while (arrived <= to && (short(arrived) ?? Infinity) > JITTER) arrived += 1;
  // Still coming down as the clip ends: it is not seen to stop.
  if (arrived > to || times.at(-1)! - times[arrived]! < SETTLED) return undefined;
  let before = arrived - 1;
  while (before > from && short(before) === undefined) before -= 1;
  const speed = (slopeAt(series, before, -1) ?? 0) * direction;
  const ahead = speed > 0 ? (short(before) ?? 0) / speed : Infinity;
  return Math.min(times[arrived]!, times[before]! + Math.max(0, ahead));
}

/** The median of the seen values among the samples `indexes`. */
const levelOf = (values: (number | undefined)[], indexes: number[]) =>
  median(defined(indexes.map((i) => values[i])));

/**
 * The bar's height where it came down, from the samples `indexes` around it: the median of their
 * lower half, as some of them catch the bar just before it lands or as it leaves.
 */
function floorOf(bar: (number | undefined)[], indexes: number[]): number | undefined {
  const seen = defined(indexes.map((i) => bar[i])).sort((a, b) => a - b);
  return seen.length ? median(seen.slice(0, Math.ceil(seen.length / 2))) : undefined;
}

/**
 * Each lift's moments. `lift` gives the bottom and top of the shoulders' cycle and the lockout
 * (already timed); the floor is the bar's height while the shoulders are low before the lift
 * (the set-up) and after it (the bar set down), the top its height while the shoulders hold
 * the lockout. A moment the clip does not show (it opens with the bar in the air, or ends
 * before the bar is down) is left out.
 */
export function liftMoments(
  athlete: Athlete,
  lifts: (Cycle & { lockout: number })[],
): LiftMoments[] {
  const times = athlete.moments.map((m) => m.t);
  const bar: Series = { times, values: barHeights(athlete) };
  const shoulders: Series = { times, values: shoulderHeights(athlete) };
  const h = athlete.shoulderHeight;
  const at = (t: number) =>
    Math.max(
      0,
      times.findIndex((x) => x >= t - 1e-9),
    );
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);
  return lifts.map((lift, n) => {
    const bottom = at(lift.bottom);
    const lockout = at(lift.lockout);
    const top = h[lockout]!;
    const previousTop = n > 0 ? at(lifts[n - 1]!.lockout) : 0;
    const nextBottom = n + 1 < lifts.length ? at(lifts[n + 1]!.bottom) : times.length - 1;
    // Low: the shoulders within a tenth of the lift's travel of their lowest (the bar is on
    // the floor, or only just off it).
    const lowBefore = h[bottom]!;
    const isLow = (i: number, low: number) => h[i]! <= low + (top - low) * 0.1;
    const setUp = range(previousTop, lockout).filter((i) => isLow(i, lowBefore));
    // The floor the bar leaves: its height through the last of the set-up, the lifter set.
    const setUpEnd = times[setUp.at(-1) ?? 0]!;
    const floorBefore = levelOf(
      bar.values,
      setUp.filter((i) => times[i]! >= setUpEnd - SET_UP),
    );
    const lastLow = setUp.at(-1);
    const liftOff =
      lastLow === undefined || floorBefore === undefined
        ? undefined
        : departure(bar, lastFloor(bar, setUp, floorBefore), lockout, floorBefore, 1, true);
    // The hold at the top: from the lockout while the shoulders stay within the jitter of it.
    const hold = [lockout];
    while (hold.at(-1)! < nextBottom && h[hold.at(-1)! + 1]! >= top - JITTER) {
      hold.push(hold.at(-1)! + 1);
    }
    const holdLevel = levelOf(shoulders.values, hold);
    const lowAfter = Math.min(...range(lockout, nextBottom).map((i) => h[i]!));
    const down = range(hold.at(-1)!, nextBottom).filter((i) => isLow(i, lowAfter));
    const showsLowering = down.length > 0 && top - lowAfter > 0.3;
    const loweringStart =
      holdLevel === undefined || !showsLowering
        ? undefined
        : departure(shoulders, hold.at(-1)!, down[0]!, holdLevel, -1, false);
    const floorAfter = floorOf(bar.values, down);
    const barOnFloor =
      floorAfter === undefined || !showsLowering
        ? undefined
        : arrival(bar, hold.at(-1)!, down.at(-1)!, floorAfter, -1);
    return { bottom: lift.bottom, liftOff, lockout: lift.lockout, loweringStart, barOnFloor };
  });
}

/** The last set-up sample where the bar is at the floor, where the search for lift-off starts. */
function lastFloor(bar: Series, setUp: number[], floor: number): number {
  const atFloor = setUp.filter(
    (i) => bar.values[i] !== undefined && bar.values[i]! < floor + JITTER,
  );
  return atFloor.at(-1) ?? setUp.at(-1)!;
}
