import { median } from '../../geometry';
import { handHeights, type Athlete } from '../athlete';
import { leftLevel, reachedLevel } from '../shared';

// Light smoothing: enough to quiet a wrist keypoint's jitter at 30 to 60 frames a second,
// little enough to keep the turn at the top and the bottom of a quarter-second downswing.
const SMOOTHING_SECONDS = 0.03;
// How far (in trunk lengths, about 5 cm) the hands must move before they have surely left a
// position: a wrist keypoint wanders about half of that on a still hand.
const MOVED = 0.1;
// A wrist keypoint on a still hand wanders about this much (trunk lengths).
const STILL = 0.05;
// The top of the backswing: the hands within this of their highest (trunk lengths).
const TOP_BAND = 0.2;
// A continuous transition spends well under a quarter of a second near the top; a deliberate
// pause (a drill, a slow tempo) holds it longer (real seconds).
const PAUSE_SECONDS = 0.3;
// ...and, on any clock, longer than the downswing: a continuous transition slows the hands into
// the top and speeds them out of it over about the downswing's time (0.7 to 1.4 times it on
// the labelled swings); a deliberate pause holds them there at least twice as long. Slowed
// footage read at too low a playback factor stretches every real second, not this ratio.
const PAUSE_TO_DOWNSWING = 2;
// A golfer sets up for about a second before the club moves; address is the middle of that.
const ADDRESS_SECONDS = 1;
// A finish is held: the hands high and the body still for at least this long (real seconds).
const FINISH_HOLD_SECONDS = 0.2;
// Held hands are judged averaged over this long (real seconds): a few frames, a fraction of the
// hold, so a wrist keypoint's jitter is not taken for a move.
const FINISH_SMOOTHING_SECONDS = 0.06;
// Over that hold the hands move less than this (trunk lengths) and the trunk turns upright
// by less than this many degrees: the body has come to rest, not only the hands.
const FINISH_HANDS_STILL = 0.1;
const FINISH_TRUNK_STILL = 4;
// The finish holds the hands high: well above their address height (trunk lengths).
const FINISH_HANDS_RAISED = 0.8;

/** What recognition found of the swing: the hands' height at address (trunk lengths). */
export type SwingAnchors = { low: number };

/** A swing's key moments on the athlete's (real) clock, placed between samples. */
export type SwingMoments = {
  address: number;
  /** The hands leave the address position. */
  takeaway: number;
  /** The earliest the hands could have started back: the last sample still at address. */
  takeawayEarliest: number;
  /** The hands get to the top (within a small distance of their highest). */
  topArrival: number;
  /** The hands at their highest. */
  top: number;
  /** The hands leave the top going down: the downswing starts. */
  downswingStart: number;
  /** The last sample still at the top, and the first surely on the way down. */
  downswingEarliest: number;
  impact: number;
  /** The hands high and the body at rest after the swing; null when the clip ends first. */
  finish: number | null;
  /** Where the clip ends in the follow-through before a held finish: last seen hands high. */
  followThrough: number | null;
};

/**
 * The swing's key moments by the hands' path: address (still before they move), the
 * takeaway (they leave it), the top (their highest, between arrival and the start down),
 * impact (given), the finish (hands high and the body at rest) or, when the clip ends before
 * one, the follow-through's last high point.
 */
export function swingMoments(
  athlete: Athlete,
  anchors: SwingAnchors,
  impact: number,
): SwingMoments | undefined {
  const h = handHeights(athlete, SMOOTHING_SECONDS);
  const t = athlete.moments.map((m) => m.t);
  const impactIndex = t.findIndex((time) => time >= impact - 1e-9);
  if (impactIndex <= 0) return undefined;
  const low = anchors.low;
  const top = topOf(t, h, impactIndex);
  if (!top) return undefined;
  // The takeaway: the last time the hands were at address height before the top, and where
  // they left it (a stray keypoint before the set-up is not a takeaway).
  let lastAtAddress = top.from;
  while (lastAtAddress > 0 && h[lastAtAddress]! - low >= MOVED) lastAtAddress -= 1;
  const takeaway = leftLevel(t, h, lastAtAddress, top.from, low, MOVED, 1);
  if (takeaway === undefined) return undefined;
  const stillFrom = Math.max(t[0]!, takeaway - ADDRESS_SECONDS);
  return {
    address: (stillFrom + takeaway) / 2,
    takeaway,
    takeawayEarliest: t[lastAtAddress]!,
    ...top.moments,
    impact,
    ...endOfSwing(athlete, h, t, impactIndex, low),
  };
}

/**
 * The top of the backswing from the hands' heights: the stretch before impact where they stay
 * near their highest (`from`..`to`), when they arrive there, when they turn down, and when the
 * downswing surely starts. A held pause at the top is timed at the hands' arrival (where the
 * backswing ends); a continuous top at their turn down from their highest.
 */
function topOf(t: number[], h: number[], impactIndex: number) {
  let peak = 0;
  for (let i = 1; i < impactIndex; i += 1) if (h[i]! > h[peak]!) peak = i;
  let from = peak;
  while (from > 0 && h[from - 1]! >= h[peak]! - TOP_BAND) from -= 1;
  let to = peak;
  while (to < impactIndex - 1 && h[to + 1]! >= h[peak]! - TOP_BAND) to += 1;
  if (from === 0) return undefined;
  // The hands' height over the stretch: a held top wavers around it.
  const level = median(h.slice(from, to + 1));
  const topArrival = reachedLevel(t, h, from - 1, peak, level, STILL, 1) ?? t[from]!;
  const downswingStart = leftLevel(t, h, peak, impactIndex, level, MOVED, -1);
  if (downswingStart === undefined) return undefined;
  let lastAtTop = peak;
  while (lastAtTop + 1 < impactIndex && t[lastAtTop + 1]! < downswingStart) lastAtTop += 1;
  const held = t[lastAtTop]! - topArrival;
  const downswing = t[impactIndex]! - downswingStart;
  const paused = held >= PAUSE_SECONDS && held >= PAUSE_TO_DOWNSWING * downswing;
  const turn = leftLevel(t, h, peak, impactIndex, h[peak]!, STILL, -1) ?? t[peak]!;
  return {
    from,
    moments: {
      topArrival,
      top: paused ? topArrival : turn,
      downswingStart,
      downswingEarliest: t[lastAtTop]!,
    },
  };
}

/** The held finish after impact, or where the clip ends first, the follow-through's last. */
function endOfSwing(
  athlete: Athlete,
  h: number[],
  t: number[],
  impactIndex: number,
  low: number,
): Pick<SwingMoments, 'finish' | 'followThrough'> {
  const calm = handHeights(athlete, FINISH_SMOOTHING_SECONDS);
  for (let i = impactIndex + 1; i < h.length; i += 1) {
    if (h[i]! < low + FINISH_HANDS_RAISED) continue;
    const window: number[] = [];
    for (let j = i; j < h.length && t[j]! <= t[i]! + FINISH_HOLD_SECONDS + 1e-6; j += 1) {
      window.push(j);
    }
    // A hold shorter than the window's span (the clip ends, or samples are sparse) is not seen.
    if (window.length < 2 || t[window.at(-1)!]! - t[i]! < FINISH_HOLD_SECONDS * 0.75) continue;
    const hands = window.map((j) => calm[j]!);
    const lean = window.map((j) => athlete.moments[j]!.trunkLean);
    if (
      Math.max(...hands) - Math.min(...hands) < FINISH_HANDS_STILL &&
      Math.max(...lean) - Math.min(...lean) < FINISH_TRUNK_STILL
    ) {
      return { finish: (t[i]! + t[window.at(-1)!]!) / 2, followThrough: null };
    }
  }
  // No held finish: the clip ends in the follow-through, last seen with the hands high.
  let last: number | undefined;
  for (let i = impactIndex + 1; i < h.length; i += 1) {
    if (h[i]! >= low + FINISH_HANDS_RAISED) last = i;
  }
  return { finish: null, followThrough: last === undefined ? null : t[last]! };
}
