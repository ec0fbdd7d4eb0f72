import { kneeAngleOf, type BodyMoment } from './body-series';
import { median } from './geometry';
import { feetRise, hipRise, standingReference } from './standing';

export type Jump = {
  index: number;
  /** Standing, before the loading dip. */
  start: number;
  takeOff: number;
  /** The hips' highest moment. */
  peak: number;
  landing: number;
  /** Standing again after absorbing the landing. */
  end: number;
  /** How far the hips rose above standing, in body lengths. */
  hipRise: number;
  /** Seconds between take-off and landing. */
  airTime: number;
  /** Air time came from the feet leaving the ground, or (feet unseen) from the hips. */
  airTimeFrom: 'ankles' | 'hips';
  /** The most bent the knees got while absorbing the landing. */
  landingKneeAngle: number | undefined;
  /** When the knees were most bent after landing. */
  landingKneeAt: number;
};

// Heights are in body lengths (shoulder to ankle, about 1.35 m on an adult).
// Hips above standing by more than this may be leaving the ground; keypoint jitter stays under.
const ABOVE = 0.04;
// A jump lifts the hips at least this far (about 13 cm): a calf raise stays under it, and so
// does a hip keypoint glitching for a frame or two (6 % on the squats clip).
const MIN_RISE = 0.1;
// The lower ankle rising this far confirms both feet left the ground.
export const FEET_OFF = 0.05;
// In the air: the lower ankle above this (the lower of two ankles barely jitters upwards), or
// when the feet are unseen, the hips above this (about their height on the toes at take-off).
const AIR_FEET = 0.02;
export const AIR_HIPS = 0.08;
// Hips above standing for longer than this stepped up or walked away from the camera: the
// longest human air times are under 1 s.
const MAX_SPAN = 1.2;
// Where the loading dip before take-off and the absorption after landing are looked for (s).
const LOADING_SECONDS = 1;
const LANDING_SECONDS = 0.8;
// The knees' angle at landing is the most bent they get this soon after touch-down (s).
const ABSORB_SECONDS = 0.5;
// Hips this far below standing are bent, as for a repetition's end.
const BENT = 0.025;
// Air time needs the feet in most of the span's samples to be read from the feet.
const FEET_SEEN_SHARE = 0.6;

/** How a reading of a jump's moments differs from the plain search (recognition's). */
export type JumpOptions = {
  /**
   * Accept a jump whose top went unseen (the athlete rose out of the picture or the camera
   * lost them at the top), as long as take-off and landing were seen: the moments a reading
   * times are at the ground, not at the top.
   */
  topMayBeUnseen?: boolean;
  /**
   * The lower ankle this far above the ground (body lengths) is in the air. The default is
   * the ankle's jitter; the toes leave the ground only once the heel rise is done (below).
   */
  airFeet?: number;
};

/**
 * The ankle's height above the ground when the toes leave it or touch it again (body
 * lengths): the heel rise of a foot pointed about 40 degrees, which lifts the ankle by about
 * 0.6 of the foot's length (a foot is about 0.19 of the shoulder-to-ankle length) times
 * sin 40 (about 0.07).
 */
export const TOES_OFF_ANKLE = 0.07;

/**
 * Jumps from the hips (and the feet when seen) rising above the standing level and coming
 * back quickly. A jump spans its loading dip and landing, so neither counts as a squat.
 */
export function findJumps(moments: BodyMoment[], options: JumpOptions = {}): Jump[] {
  const ref = standingReference(moments);
  if (!ref || moments.length < 5) return [];
  const rise = moments.map((m) => hipRise(m, ref));
  const feet = moments.map((m) => feetRise(m, ref));
  const t = (index: number) => moments[index]!.t;

  const jumps: Jump[] = [];
  for (const [first, last] of spansAbove(rise, ABOVE)) {
    // The clip starts or ends in the air: take-off or landing was not seen.
    if (first === 0 || last === moments.length - 1) continue;
    if (t(last) - t(first) > MAX_SPAN) continue;
    // The athlete was lost in between (out of the picture, hidden): when the feet left the
    // ground and came back was not seen, and a hop on either side of the gap is not a jump.
    const lost = options.topMayBeUnseen
      ? lostBetween(moments, Math.max(0, first - 1), first + 1) ||
        lostBetween(moments, last - 1, Math.min(moments.length - 1, last + 1))
      : lostBetween(moments, Math.max(0, first - 1), Math.min(moments.length - 1, last + 1));
    if (lost) continue;
    const span = indexRange(first, last);
    const peak = highest(rise, span);
    if (rise[peak]! < MIN_RISE) continue;

    const feetSeen = span.filter((i) => feet[i] !== undefined).length;
    const fromAnkles = feetSeen >= FEET_SEEN_SHARE * span.length;
    const track = fromAnkles ? feet : rise;
    const top = fromAnkles ? highest(feet, span) : peak;
    // Hips up with the feet down: a glitching hip keypoint or a rise onto the toes.
    if (fromAnkles && feet[top]! < FEET_OFF) continue;
    // A low jump's feet may not clear the toes-off level: then half their highest.
    const threshold = fromAnkles ? Math.min(options.airFeet ?? AIR_FEET, feet[top]! / 2) : AIR_HIPS;
    const takeOff = crossing(moments, track, threshold, top, -1);
    const landing = crossing(moments, track, threshold, top, 1);

    const absorbing = moments.filter((m) => m.t >= landing && m.t <= landing + ABSORB_SECONDS);
    const landingKnees = absorbing.filter((m) => kneeAngleOf(m) !== undefined);
    const mostBent = landingKnees.reduce<BodyMoment | undefined>(
      (best, m) => (!best || kneeAngleOf(m)! < kneeAngleOf(best)! ? m : best),
      undefined,
    );

    jumps.push({
      index: jumps.length + 1,
      start: t(backToStanding(moments, rise, first - 1, -1, takeOff - LOADING_SECONDS)),
      takeOff,
      peak: t(peak),
      landing,
      end: t(backToStanding(moments, rise, last + 1, 1, landing + LANDING_SECONDS)),
      hipRise: rise[peak]!,
      airTime: landing - takeOff,
      airTimeFrom: fromAnkles ? 'ankles' : 'hips',
      landingKneeAngle: mostBent ? kneeAngleOf(mostBent) : undefined,
      landingKneeAt: mostBent?.t ?? landing,
    });
  }
  return jumps;
}

// A step between samples this many times the usual one is the athlete lost, not sparse sampling.
const LOST_STEPS = 2.5;

function lostBetween(moments: BodyMoment[], first: number, last: number): boolean {
  const steps = moments.slice(1).map((m, i) => m.t - moments[i]!.t);
  const usual = median(steps);
  return steps.slice(first, last).some((step) => step > usual * LOST_STEPS);
}

/** [first, last] index of every run of values above `threshold`. */
function spansAbove(values: number[], threshold: number): [number, number][] {
  const spans: [number, number][] = [];
  let first: number | undefined;
  values.forEach((value, index) => {
    if (value > threshold && first === undefined) first = index;
    if (value <= threshold && first !== undefined) {
      spans.push([first, index - 1]);
      first = undefined;
    }
  });
  if (first !== undefined) spans.push([first, values.length - 1]);
  return spans;
}

const indexRange = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i);

function highest(values: (number | undefined)[], indices: number[]): number {
  return indices.reduce((best, i) =>
    (values[i] ?? -Infinity) > (values[best] ?? -Infinity) ? i : best,
  );
}

/**
 * When `values` last crossed `threshold`, walking from `from` by `step`: interpolated between
 * samples, since at 5 frames a second a jump is only two or three samples in the air.
 */
function crossing(
  moments: BodyMoment[],
  values: (number | undefined)[],
  threshold: number,
  from: number,
  step: 1 | -1,
): number {
  let inside = from;
  for (let i = from + step; i >= 0 && i < moments.length; i += step) {
    const value = values[i];
    if (value === undefined) continue;
    if (value <= threshold) {
      const above = values[inside]!;
      const share = (above - threshold) / (above - value);
      return moments[inside]!.t + (moments[i]!.t - moments[inside]!.t) * share;
    }
    inside = i;
  }
  return moments[inside]!.t;
}

/**
 * The standing moment before the loading dip (step -1) or after the landing's absorption
 * (step 1): the hips' lowest point near the jump, then on to where they are back up.
 */
function backToStanding(
  moments: BodyMoment[],
  rise: number[],
  from: number,
  step: 1 | -1,
  until: number,
): number {
  const within = (i: number) => (step === 1 ? moments[i]!.t <= until : moments[i]!.t >= until);
  let lowest = from;
  for (let i = from; i >= 0 && i < moments.length && within(i); i += step) {
    if (rise[i]! < rise[lowest]!) lowest = i;
  }
  if (rise[lowest]! >= -BENT) return from;
  let i = lowest;
  while (i + step >= 0 && i + step < moments.length && rise[i]! < -BENT) i += step;
  return i;
}
