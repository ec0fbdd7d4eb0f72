import { handHeights, type Athlete } from '../athlete';
import { between, extreme } from '../shared';
import { crossing, rateAt } from '../timing';

/** A shot's key moments on the real clock, as a coach marks them frame by frame. */
export type ShotMoments = {
  dip: number;
  setPoint: number;
  release: number;
  /** The follow-through held high and still; null when the hands come straight down. */
  hold: number | null;
};

// The push from the set point to release takes a few tenths of a second in real time: the
// fastest rise is looked for this far either side of where the push was first seen.
const PUSH_BEFORE = 0.3;
const PUSH_AFTER = 1;
// A rise is fast from this many trunk lengths a second (as recognition sees a shot start), and
// a push lifts the hands at least this far (an arm extending from a bent elbow; the held
// follow-through only jitters).
const RISING = 1.5;
const PUSH_GAIN = 0.2;
// The ball leaves the fingers as the arm's extension ends: the hands' rise drops below half
// its fastest.
const RELEASE_SLOWING = 0.5;
// The hips have left the dip once they have made this share of their rise into the shot (the
// lowest stretch of a dip is flat; its end is where the legs start the shot).
const DIP_RISE_SHARE = 0.05;
// A follow-through is held: the hands high (above the head) and still within this many trunk
// lengths for at least this long.
const HOLD_HEIGHT = 0.5;
const HOLD_STILL = 0.15;
const HOLD_SECONDS = 0.3;
// ...reached within a second of the release (later, the hands are doing something else).
const HOLD_WITHIN = 1;

/**
 * Times one shot from the hands' and hips' paths: release where the push up ends, the dip
 * where the hips start up from their lowest, the set point the hands' stillest high moment
 * before the push, and the held follow-through. `push` is where the push was first seen.
 */
export function shotMoments(
  athlete: Athlete,
  found: { push: number; dip: number; setPoint: number; release: number },
): ShotMoments {
  const { push } = found;
  const h = handHeights(athlete, 0.07);
  const t = athlete.moments.map((m) => m.t);
  // Each rate is timed where its span is centred (the push is sampled densely, the hold after
  // it may not be).
  const rates = h.map((_, i) => rateAt(t, h, i));
  const rise = rates.map((r) => r.rate);
  // The ball may be lifted to the set point in one rise and pushed from it in another (a set
  // shot pauses at the forehead): the release ends the last rise that lifts the hands far.
  const window = between(athlete, push - PUSH_BEFORE, push + PUSH_AFTER);
  let fastest: number | undefined;
  for (let n = 0; n < window.length;) {
    const start = window[n]!;
    if (!(rise[start]! >= RISING && h[start]! > 0.2)) {
      n += 1;
      continue;
    }
    let end = n;
    while (end + 1 < window.length && rise[window[end + 1]!]! >= RISING) end += 1;
    const run = window.slice(n, end + 1);
    // The push's whole rise, from where the hands last stood lowest to where they stop rising:
    // the stretch above the speed threshold alone shifts with one keypoint more or less seen.
    let low = start;
    while (low > 0 && h[low - 1]! <= h[low]!) low -= 1;
    let high = window[end]!;
    while (high + 1 < h.length && h[high + 1]! >= h[high]!) high += 1;
    const gain = h[high]! - h[low]!;
    if (gain >= PUSH_GAIN) fastest = extreme(run, (j) => rise[j]);
    n = end + 1;
  }
  // No push clear enough to time afresh (a small, blurred shooter): recognition's timing.
  if (fastest === undefined) return { ...found, hold: heldFrom(t, h, found.release) };
  const slowing = rise[fastest]! * RELEASE_SLOWING;
  let last = fastest;
  while (last + 1 < h.length && rise[last + 1]! >= slowing) last += 1;
  // Between the last sample still rising fast and the next one, where the rise fell to half.
  const release =
    last + 1 < h.length
      ? crossing(rates[last]!.t, rise[last]!, rates[last + 1]!.t, rise[last + 1]!, slowing)
      : t[last]!;

  const before = between(athlete, release - 0.8, release);
  const hips = athlete.hipHeight;
  const lowestAt = extreme(before, (j) => hips[j], true)!;
  const risen = Math.max(...between(athlete, release, release + 0.3).map((j) => hips[j]!), 0);
  const leftDip = hips[lowestAt]! + DIP_RISE_SHARE * Math.max(0, risen - hips[lowestAt]!);
  let dip = lowestAt;
  while (dip + 1 < t.length && t[dip + 1]! < release && hips[dip + 1]! <= leftDip) dip += 1;

  const setWindow = between(athlete, release - 0.4, release - 0.05).filter((j) => h[j]! >= 0.3);
  const set = extreme(setWindow, (j) => athlete.wristSpeed[j], true) ?? dip;

  return {
    dip: t[dip]!,
    setPoint: t[set]!,
    release,
    hold: heldFrom(t, h, release),
  };
}

/**
 * The held follow-through: the first stretch after `from` over which the hands stay high and
 * still long enough, timed at its middle. A hold is a pose kept, not an instant: its first
 * sample may still catch the end of the push (the arm finishing its extension, the shooter
 * coming down off the toes), so it is shown where the pose is surely held, as a golf finish is.
 */
export function heldFrom(t: number[], h: number[], from: number): number | null {
  for (let i = 0; i < t.length; i += 1) {
    if (t[i]! > from + HOLD_WITHIN) break;
    if (t[i]! <= from || h[i]! < HOLD_HEIGHT) continue;
    const span: number[] = [];
    for (let j = i; j < t.length && t[j]! <= t[i]! + HOLD_SECONDS + 1e-9; j += 1) span.push(h[j]!);
    const lasts = t[i]! + HOLD_SECONDS <= t.at(-1)! + 1e-9;
    if (lasts && span.length >= 2 && Math.max(...span) - Math.min(...span) <= HOLD_STILL) {
      return t[i]! + HOLD_SECONDS / 2;
    }
  }
  return null;
}
