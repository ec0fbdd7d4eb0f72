import type { BodyMoment } from '../../body-series';
import { median } from '../../geometry';
import { peaks, smoothInTime, wristsOf, type Athlete } from '../athlete';
import { leftLevel, reachedLevel } from '../shared';

/**
 * Hanging from a bar, found from the body alone (the bar itself is not seen by the pose model):
 * both hands held still above the shoulders while the body moves under them.
 */

// Hanging with the arms (nearly) straight, the hands are most of an arm's length over the
// shoulders; hands raised only to the face are not on a bar overhead.
const HANGING_HANDS = 0.5;
// Keypoint jitter on still hands is a tenth of a trunk or so; hands gripping a bar stay within
// this of the bar's level and of their place along it.
const ON_THE_BAR = 0.3;
// A set of pull-ups takes longer than this; an arm raised overhead for a moment does not.
const MIN_HANG_SECONDS = 1.5;
// Wrists lost for up to this long (blurred at speed) do not end a hang.
const BRIDGE_SECONDS = 1;
// A pull-up raises the shoulders from a straight-arm hang (an arm's length under the hands)
// up to the bar: about a trunk. Half of it is the least a repetition moves them.
const REP_RISE = 0.5;
// Two tops of a pull-up are a second or more apart even when kipped.
const MIN_REP_SECONDS = 0.7;
// The hands have left the bar when they are this far under its level (jitter is a tenth of a
// trunk; a hand sliding on the bar moves less).
const OFF_THE_BAR = 0.3;
// Arriving at the bar: the hands within this of its level.
const AT_THE_BAR = 0.1;
// The body rose this much while the hands went up to the bar: a jump, not a reach.
const JUMP_RISE = 0.5;

/** The hands' height in the picture (pixels, smaller is higher), both wrists when both are seen. */
export function handsY(moment: BodyMoment): number | undefined {
  const wrists = wristsOf(moment);
  return wrists.length ? wrists.reduce((sum, w) => sum + w.y, 0) / wrists.length : undefined;
}

function handsX(moment: BodyMoment): number | undefined {
  const wrists = wristsOf(moment);
  return wrists.length === 2 ? (wrists[0]!.x + wrists[1]!.x) / 2 : undefined;
}

export type Hang = {
  /** Indexes of the first and last moment with the hands on the bar. */
  from: number;
  to: number;
  /** The bar's level: the hands' median height while hanging (pixels). */
  barY: number;
  /** Tops (shoulders highest, nearest the bar) of each repetition, indexes. */
  tops: number[];
  /** When the hands got to the bar from below with the body rising (a jump), if the clip shows it. */
  jumpedTo: number | undefined;
  /** When the hands left the bar downward, if the clip shows it. */
  droppedOff: number | undefined;
};

/** Whether a moment's hands are on a bar at this level and place (unseen hands: undefined). */
function onBar(
  athlete: Athlete,
  m: BodyMoment,
  bar: { y: number; x: number | undefined },
): boolean | undefined {
  const y = handsY(m);
  if (y === undefined) return undefined;
  const x = handsX(m);
  const near = (a: number, b: number) => Math.abs(a - b) <= ON_THE_BAR * athlete.trunk;
  return near(y, bar.y) && (x === undefined || bar.x === undefined || near(x, bar.x));
}

/** The stretch around `seed` whose hands stay on the bar, lost hands bridged for a moment. */
function stretchOnBar(
  athlete: Athlete,
  seed: number,
  bar: { y: number; x: number | undefined },
): [number, number] {
  const { moments } = athlete;
  const extend = (step: 1 | -1) => {
    let last = seed;
    for (let i = seed + step; i >= 0 && i < moments.length; i += step) {
      if (Math.abs(moments[i]!.t - moments[last]!.t) > BRIDGE_SECONDS) break;
      const held = onBar(athlete, moments[i]!, bar);
      if (held === false) break;
      if (held) last = i;
    }
    return last;
  };
  return [extend(-1), extend(1)];
}

/**
 * Stretches with both hands held still at one level above the head: seeded where the hands
 * are well over the shoulders (a hang, not hands at the chest), the bar's level taken from the
 * hands there and then from the whole stretch.
 */
function barStretches(athlete: Athlete): { from: number; to: number; barY: number }[] {
  const { moments, trunk } = athlete;
  const found: { from: number; to: number; barY: number }[] = [];
  const above = (m: BodyMoment) => m.shoulder.y - (handsY(m) ?? Infinity);
  // Seeded from the straightest hangs first: hands passing overhead in a jump up to the bar or
  // sliding off it would otherwise set the bar's level.
  const seeds = moments
    .map((_, i) => i)
    .filter((i) => above(moments[i]!) >= HANGING_HANDS * trunk)
    .sort((a, b) => above(moments[b]!) - above(moments[a]!));
  for (const seed of seeds) {
    const m = moments[seed]!;
    if (found.some((run) => seed >= run.from && seed <= run.to)) continue;
    let bar = { y: handsY(m)!, x: handsX(m) };
    let [from, to] = stretchOnBar(athlete, seed, bar);
    const held = moments.slice(from, to + 1);
    bar = {
      y: median(held.flatMap((h) => handsY(h) ?? [])),
      x: held.some((h) => handsX(h) !== undefined)
        ? median(held.flatMap((h) => handsX(h) ?? []))
        : undefined,
    };
    [from, to] = stretchOnBar(athlete, seed, bar);
    // Hands passing overhead (a reach, a jump up to the bar) stay only for a moment; and the
    // hands sliding off the end of a hang seed a stretch of their own: one hang each.
    if (moments[to]!.t - moments[from]!.t < MIN_HANG_SECONDS) continue;
    if (found.some((run) => from <= run.to && to >= run.from)) continue;
    found.push({ from, to, barY: bar.y });
  }
  return found.sort((a, b) => a.from - b.from);
}

/** The tops of the repetitions in a hang: the shoulders rising toward the bar and back down. */
function topsIn(athlete: Athlete, from: number, to: number): number[] {
  const times = athlete.moments.slice(from, to + 1).map((m) => m.t);
  const heights = smoothInTime(athlete.shoulderHeight.slice(from, to + 1), times, 0.1);
  return peaks(heights, REP_RISE, MIN_REP_SECONDS, times).map((i) => i + from);
}

/** The hands' height series (trunks, up positive), gaps filled from the last seen. */
function handHeightsAbove(athlete: Athlete, barY: number): number[] {
  let last = 0;
  return athlete.moments.map((m) => {
    const y = handsY(m);
    if (y !== undefined) last = (barY - y) / athlete.trunk;
    return last;
  });
}

/** When the hands arrived at the bar by a jump (the body rising with them), if the clip shows it. */
function jumpToBar(
  athlete: Athlete,
  hands: number[],
  from: number,
  to: number,
): number | undefined {
  const times = athlete.moments.map((m) => m.t);
  // The first moment the hands are at the bar's level, then where they came up from.
  let arrived = from;
  while (arrived < to && hands[arrived]! < -AT_THE_BAR) arrived += 1;
  let low = arrived;
  for (let i = arrived - 1; i >= 0 && times[arrived]! - times[i]! <= 1; i -= 1) {
    if (hands[i]! < hands[low]!) low = i;
  }
  if (hands[low]! > -2 * OFF_THE_BAR) return undefined;
  const rise = athlete.shoulderHeight[arrived]! - athlete.shoulderHeight[low]!;
  if (rise < JUMP_RISE) return undefined;
  return reachedLevel(times, hands, low, arrived, 0, AT_THE_BAR, 1);
}

/** When the hands left the bar downward (and stayed down), if the clip shows it. */
function dropOffBar(athlete: Athlete, hands: number[], left: number): number | undefined {
  const times = athlete.moments.map((m) => m.t);
  if (!hands.slice(left + 1).some((h) => h <= -2 * OFF_THE_BAR)) return undefined;
  return leftLevel(times, hands, left, hands.length - 1, 0, OFF_THE_BAR, -1);
}

/** Every hang from a bar in the clip, with its repetitions and how it began and ended. */
export function hangsOf(athlete: Athlete): Hang[] {
  return barStretches(athlete).map(({ from, to, barY }) => {
    const hands = handHeightsAbove(athlete, barY);
    return {
      from,
      to,
      barY,
      tops: topsIn(athlete, from, to),
      jumpedTo: jumpToBar(athlete, hands, from, to),
      droppedOff: dropOffBar(athlete, hands, to),
    };
  });
}
