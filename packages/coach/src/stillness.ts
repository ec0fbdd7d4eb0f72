import { distance, median } from './geometry';
import { SMOOTH_SECONDS, steadiedPath, type SpeedSample } from './movement';
import type { Athlete } from './movements/athlete';
import type { Point } from './pose';

export type StillPeriod = {
  start: number;
  end: number;
  seconds: number;
  /** The hips' largest distance from their median position, as a share of body length. */
  sway: number;
  /** When the hips were furthest out. */
  swayAt: number;
};

// How far a held part may wander from its place before the hold is over. A distance, not a
// speed: slowed playback (phone slow motion, ×0.4) makes every move slower per second of video,
// so a speed threshold reads the move between two holds as still and merges them.
// Keypoint noise while still, on the paths read here (`npm run eval:noise`: each labelled clip's
// and scanned variant's quietest second, and the labelled yoga holds; p95 of the distance from
// the window's median, 28 originals and 121 variants, 28 Nov 2026):
//   hips:   0.018 body lengths in the median scan, 0.031 in the upper quartile; 0.021 in holds.
//   wrists: 0.18 trunks in the median scan (hands that never rest, jacks and serves, above it);
//           0.10 in the labelled holds.
// A hold breaks when two positions are more than twice the reach apart, and its edges are where
// a part comes within half the reach of its place. The wrists' reach, 0.2 trunks, puts that edge
// at the wrists' noise in holds (0.1) and lets noise of the median scan (0.18 either side) never
// break a hold. The hips' reach, 0.08 body lengths (over four times their noise), is set by the
// sway a hold must keep: the yoga rubric faults sway past 5 % of body length, and a hold swaying
// 7 % is one hold, judged, not two.
export const HIP_REACH = 0.08;
export const WRIST_REACH = 0.2;
// Shorter pauses are a turn between reps, not a hold.
const MIN_SECONDS = 1;

/** A body part a hold keeps in place: where it is at each sample, and how far it may wander. */
export type HeldPart = { path: (Point | undefined)[]; reach: number };

/** Both wrists' paths, glitches taken out, held within WRIST_REACH trunks. */
export function heldWrists(athlete: Athlete): HeldPart[] {
  const times = athlete.moments.map((m) => m.t);
  return (['left_wrist', 'right_wrist'] as const).map((name) => ({
    path: steadiedPath(
      athlete.moments.map((m) => m.points[name]),
      times,
    ),
    reach: WRIST_REACH * athlete.trunk,
  }));
}

/** The median of the points seen from `first` to `last`: where a part was held. */
function placeOf(path: (Point | undefined)[], first: number, last: number): Point | undefined {
  const seen = path.slice(first, last + 1).filter((p): p is Point => !!p);
  if (!seen.length) return undefined;
  return { x: median(seen.map((p) => p.x)), y: median(seen.map((p) => p.y)) };
}

/**
 * For the stretch from `first` to `last`: how far out sample `i` is from where each part was
 * held, as a share of the part's reach (the furthest part).
 */
function outnessIn(parts: HeldPart[], first: number, last: number) {
  const places = parts.map(({ path }) => placeOf(path, first, last));
  return (i: number) =>
    Math.max(
      ...parts.map(({ path, reach }, k) => {
        const [p, place] = [path[i], places[k]];
        return p && place ? distance(p, place) / reach : 0;
      }),
    );
}

/**
 * Periods of at least a second where the hips (and any other `held` part) stay in place: no two
 * of their positions further apart than twice the reach, so no position further than about the
 * reach from where they were held. Read in that order-free way, a stretch that stays put only
 * loses that by growing, and a wobble either side of the place is as still as one to one side.
 * Moments inside `moving` (repetitions, jumps) are movement however still: a slow, shallow
 * squat would otherwise pass for a wobbly hold.
 */
export function findStillPeriods(
  series: SpeedSample[],
  bodyLength: number,
  moving: { start: number; end: number }[] = [],
  held: HeldPart[] = [],
): StillPeriod[] {
  const parts = [{ path: series.map((s) => s.hip), reach: HIP_REACH * bodyLength }, ...held];
  const free = series.map((s) => !moving.some((w) => s.t >= w.start && s.t <= w.end));
  /**
   * The last index of the longest stretch from `first` that stays put, `known` the last of a
   * stretch from there already known to (a stretch that stays put still does when cut short).
   */
  const endFrom = (first: number, known = first) => {
    let last = known;
    while (
      last + 1 < series.length &&
      free[last + 1] &&
      parts.every(({ path, reach }) => {
        const next = path[last + 1];
        for (let i = first; next && i <= last; i += 1) {
          const p = path[i];
          if (p && distance(p, next) > 2 * reach) return false;
        }
        return true;
      })
    ) {
      last += 1;
    }
    return last;
  };
  const periods: StillPeriod[] = [];
  let [first, last] = [0, 0];
  // Where the last hold ended: the next one starts after it.
  let floor = 0;
  while (first < series.length) {
    last = free[first] ? endFrom(first, Math.max(first, last)) : first;
    if (!free[first] || series[last]!.t - series[first]!.t < MIN_SECONDS) {
      first += 1;
      continue;
    }
    // The first samples may be the approach, at the edge of reach: a hold started on one of
    // them ends early, so a later start that holds longer wins.
    const fromFirst = outnessIn(parts, first, last);
    const firstEnd = last;
    for (let later = first + 1; later <= firstEnd && fromFirst(later - 1) > 0.5; later += 1) {
      const end = endFrom(later, last);
      if (end > last) [first, last] = [later, end];
    }
    // The hold's edges, however the search above found its middle: samples within half the
    // reach of where the stretch held each part are the pose. Before it, samples out of reach
    // are the approach (a part still settling within reach is in the pose: arms drift into
    // place after a sweep); after it, samples past half the reach and leaving are the move away.
    const out = outnessIn(parts, first, last);
    while (first > floor && free[first - 1] && out(first - 1) <= 0.5) first -= 1;
    while (last + 1 < series.length && free[last + 1] && out(last + 1) <= 0.5) last += 1;
    const next = last + 1;
    while (first < last && out(first) > 1) first += 1;
    while (last > first && out(last) > 0.5 && out(last - 1) < out(last)) last -= 1;
    if (series[last]!.t - series[first]!.t >= MIN_SECONDS) {
      periods.push(periodOf(series.slice(first, last + 1), bodyLength));
    }
    first = next;
    floor = next;
  }
  return periods;
}

function periodOf(period: SpeedSample[], bodyLength: number): StillPeriod {
  const [start, end] = [period[0]!.t, period.at(-1)!.t];
  // Smoothed hips near the ends average in the approach and the move away: sway is read
  // inside them (when the hold is long enough to have an inside).
  const inside = period.filter(
    (s) => s.t >= start + SMOOTH_SECONDS / 2 && s.t <= end - SMOOTH_SECONDS / 2,
  );
  const swaying = inside.length ? inside : period;
  const place = placeOf(
    swaying.map((s) => s.hip),
    0,
    swaying.length - 1,
  )!;
  const furthest = swaying.reduce((a, b) =>
    distance(b.hip, place) > distance(a.hip, place) ? b : a,
  );
  return {
    start,
    end,
    seconds: end - start,
    sway: distance(furthest.hip, place) / bodyLength,
    swayAt: furthest.t,
  };
}
