import type { BodyMoment } from '../../body-series';
import { median } from '../../geometry';
import { AIR_HIPS, FEET_OFF } from '../../jumps';
import { hipRise, standingReference } from '../../standing';
import { momentAt, smoothInTime, type Athlete } from '../athlete';
import { between } from '../shared';
import { crossing, vertexTime } from '../timing';

/*
 * A serve's key moments besides trophy and contact (found with the serve itself, in index.ts),
 * each from the body on the real clock, and each only where the clip shows it: a finder
 * returns undefined rather than a guess.
 */

type Side = 'left' | 'right';

// Heights are in trunks above the shoulders (the serve's own measure) unless said otherwise.
// A hand within this of its lowest is at rest (keypoint jitter is about 0.05 trunk).
const AT_REST = 0.15;
// The ready stance holds the tossing hand below the chest, well under the shoulders.
const BELOW_CHEST = -0.4;
// The serve's stance is read from at least this many samples (one would be a glimpse).
const MIN_STANCE_SAMPLES = 3;
// A stance is still for at least this long (real seconds): a shorter stretch is a pass through.
const STANCE_SECONDS = 0.1;
// The ball leaves the hand as the hand starts braking: once its rise has slowed to this share
// of its fastest, the ball is gone (it flies on at the hand's top speed).
const RELEASE_SLOWING = 2 / 3;
// The hand's rise is measured over this long (real seconds): a tenth of the toss's half second.
const RISE_STEP = 0.05;
// Smoothing for the hand's rise (real seconds): evens out keypoint jitter between close samples.
const RISE_SMOOTHING = 0.08;
// In body lengths (shoulder to ankle). The standing feet hold to this before the drive, or the
// camera moved and the ground's height on the picture is not known.
const STEADY_GROUND = 0.06;
// The second of stance before the trophy where the ground's height is read (real seconds).
const GROUND_SECONDS = 0.5;
// A foot's fall is stopped (it touched down) when it drops less than keypoint jitter.
const ANKLE_JITTER = 0.02;
// A falling foot drops more than jitter in this long (real seconds): 4 cm under gravity alone.
const FALL_STEP = 0.04;
// After landing the feet are back on the ground (within STEADY_GROUND of the level they left)
// within this long (real seconds).
const SETTLE_SECONDS = 0.4;
// The hitting elbow's angle at racket drop (180 straight): about a right angle at the
// shoulder's greatest outward turn (Elliott's serve studies: 90-110 degrees of flexion).
const DROP_ELBOW = 90;
// Racket drop comes this soon before contact at most (real seconds; about 0.15-0.25 s).
const DROP_BEFORE_CONTACT = 0.4;
// Longer than any serve's flight (a pro's lasts about 0.3 s): a longer "flight" is not one.
const MAX_FLIGHT = 0.8;

const wristHeight = (athlete: Athlete, m: BodyMoment, side: Side) => {
  const w = m.points[`${side}_wrist`];
  return w ? (m.shoulder.y - w.y) / athlete.trunk : undefined;
};

/** The wrist's height (smoothed) at each of `indexes` where it was seen, in time order. */
function wristSeries(athlete: Athlete, indexes: number[], side: Side) {
  const seen = indexes.flatMap((i) => {
    const h = wristHeight(athlete, athlete.moments[i]!, side);
    return h === undefined ? [] : [{ t: athlete.moments[i]!.t, h }];
  });
  const smoothed = smoothInTime(
    seen.map((s) => s.h),
    seen.map((s) => s.t),
    RISE_SMOOTHING,
  );
  return seen.map((s, n) => ({ t: s.t, h: smoothed[n]! }));
}

/**
 * The ready stance and the toss: the tossing hand held low and still, then rising to its
 * highest before the trophy. Ready is the stance's last still moment (when the stance was seen
 * still long enough); the toss's release is where the rising hand, above the shoulder, has
 * slowed to RELEASE_SLOWING of its top speed.
 */
export function findToss(athlete: Athlete, tosser: Side, trophy: number) {
  const series = wristSeries(athlete, between(athlete, -Infinity, trophy), tosser);
  if (series.length < 3) return {};
  const peak = series.reduce((best, s, n) => (s.h > series[best]!.h ? n : best), 0);
  const lowest = series
    .slice(0, peak + 1)
    .reduce((best, s, n) => (s.h < series[best]!.h ? n : best), 0);
  // The rise starts at the last moment the hand is still at rest near its lowest.
  let start = lowest;
  while (start + 1 < peak && series[start + 1]!.h - series[lowest]!.h <= AT_REST) start += 1;
  let stanceFrom = lowest;
  while (stanceFrom > 0 && series[stanceFrom - 1]!.h - series[lowest]!.h <= AT_REST)
    stanceFrom -= 1;
  const still =
    series[lowest]!.h < BELOW_CHEST &&
    series[start]!.t - series[stanceFrom]!.t >= STANCE_SECONDS &&
    start - stanceFrom >= 2;
  const ready = still ? series[start]!.t : undefined;

  // Upward speed over a fixed stretch of real time, placed at its middle: neighbouring samples
  // can be a frame apart, where one glitching keypoint reads as a flick of the hand.
  const speeds = series.slice(start, peak).flatMap((s) => {
    const later = series.find((next) => next.t >= s.t + RISE_STEP - 1e-9);
    return later
      ? [{ t: (s.t + later.t) / 2, v: (later.h - s.h) / (later.t - s.t), h: later.h }]
      : [];
  });
  if (!speeds.length) return { ready };
  const fastest = speeds.reduce((best, s, n) => (s.v > speeds[best]!.v ? n : best), 0);
  const brake = speeds[fastest]!.v * RELEASE_SLOWING;
  // The last moment the hand still rose that fast, walking back from its highest: a glitching
  // keypoint early in the rise cannot place the release before the hand is up.
  const fast = speeds.findLastIndex((s) => s.v >= brake);
  if (fast < 0 || fast === speeds.length - 1) return { ready };
  const a = speeds[fast]!;
  const b = speeds[fast + 1]!;
  const tossRelease = crossing(a.t, a.v, b.t, b.v, brake);
  // A toss lets go above the shoulder: a hand still at the chest has not tossed yet.
  return { ready, tossRelease: b.h > 0 ? tossRelease : undefined };
}

/** The lower ankle's height above the feet's standing level, in body lengths. */
function lowerAnkle(m: BodyMoment): number | undefined {
  const ys = [m.points.left_ankle?.y, m.points.right_ankle?.y].filter(
    (y): y is number => y !== undefined,
  );
  return ys.length ? Math.max(...ys) : undefined;
}

/**
 * Where the server stands: the clip's standing reference, with the hips' standing height read
 * from the serve's own stance (before `standingUntil`, the toss, when the knees start to bend)
 * where it was seen: the whole clip's mixes in the walk into the court after landing.
 */
function servingStance(athlete: Athlete, standingUntil: number | undefined) {
  const ref = standingReference(athlete.moments);
  if (!ref || standingUntil === undefined) return ref;
  const stance = athlete.moments.filter((m) => m.t <= standingUntil).map((m) => m.hip.y);
  return stance.length >= MIN_STANCE_SAMPLES ? { ...ref, hipY: median(stance) } : ref;
}

/**
 * The jump into the court: take-off when the driving hips rise through their height on the
 * toes above the serving stance (as a jump's take-off is read when the feet leave no clear
 * mark: side-on, the legs hide each other's ankles), landing when the first foot's fall stops
 * after contact. Both only when the flight is seen: the feet stood on a steady
 * ground before the drive (a moving camera shifts the ground on the picture) and the lower
 * foot then rose clear of it.
 */
export function findFlight(
  athlete: Athlete,
  trophy: number,
  contact: number,
  standingUntil: number | undefined,
): { takeOff?: number; landing?: number } {
  const ref = servingStance(athlete, standingUntil);
  if (!ref) return {};
  const stance = between(athlete, trophy - GROUND_SECONDS, trophy)
    .map((i) => lowerAnkle(athlete.moments[i]!))
    .filter((y): y is number => y !== undefined);
  if (stance.length < 3) return {};
  const spread = (Math.max(...stance) - Math.min(...stance)) / ref.bodyLength;
  if (spread > STEADY_GROUND) return {};
  const groundY = median(stance);
  const feet = (m: BodyMoment) => {
    const y = lowerAnkle(m);
    return y === undefined ? undefined : (groundY - y) / ref.bodyLength;
  };

  const drive = between(athlete, trophy, contact);
  const rising = drive.findIndex((i) => hipRise(athlete.moments[i]!, ref) > AIR_HIPS);
  if (rising <= 0) return {};
  const above = athlete.moments[drive[rising]!]!;
  const below = athlete.moments[drive[rising - 1]!]!;
  const takeOff = crossing(below.t, hipRise(below, ref), above.t, hipRise(above, ref), AIR_HIPS);

  // The flight: the lower foot's highest after contact (a server lands after hitting up),
  // clear of the ground.
  const flight = between(athlete, contact, takeOff + MAX_FLIGHT).filter(
    (i) => feet(athlete.moments[i]!) !== undefined,
  );
  if (!flight.length) return {};
  const top = flight.reduce((best, i) =>
    feet(athlete.moments[i]!)! > feet(athlete.moments[best]!)! ? i : best,
  );
  if (feet(athlete.moments[top]!)! < FEET_OFF) return {};
  // Touch-down: the first moment the foot's fall stops, once it has started to fall (it
  // hangs near the top of the flight), judged over a fixed stretch of real time (close
  // samples of slowed footage differ by jitter alone).
  const drop = (i: number) => {
    const now = feet(athlete.moments[i]!);
    const later = feet(momentAt(athlete, athlete.moments[i]!.t + FALL_STEP));
    return now === undefined || later === undefined ? undefined : now - later;
  };
  const descent = between(athlete, athlete.moments[top]!.t, takeOff + MAX_FLIGHT);
  const falling = descent.findIndex((i) => (drop(i) ?? 0) > ANKLE_JITTER);
  const landingIndex =
    falling < 0 ? undefined : descent.slice(falling).find((i) => (drop(i) ?? 0) <= ANKLE_JITTER);
  if (landingIndex === undefined) return {};
  const landing = athlete.moments[landingIndex]!.t;
  // The feet come back to the ground they left. Going well below it means the ground moved on
  // the picture (a panning camera, a walk towards it): heights, and so the flight, are unknown.
  const after = between(athlete, landing, landing + SETTLE_SECONDS)
    .map((i) => feet(athlete.moments[i]!))
    .filter((h): h is number => h !== undefined);
  if (!after.length || Math.min(...after) < -STEADY_GROUND) return {};
  return { takeOff, landing };
}

const elbowAngle = (m: BodyMoment, side: Side) =>
  side === 'left' ? m.leftElbowAngle : m.rightElbowAngle;

/**
 * Racket drop: the racket hanging down the back, the shoulder at its most turned out, the
 * hitting elbow still bent at about a right angle; from there the elbow straightens into
 * contact. Its time is where the elbow, walking back from contact, was last bent that far
 * (between samples). Undefined when the bent elbow was not seen in the drop's window.
 */
export function findRacketDrop(
  athlete: Athlete,
  hitter: Side,
  trophy: number,
  contact: number,
): number | undefined {
  const tosser = hitter === 'left' ? 'right' : 'left';
  // From racket drop to contact the hitting hand is above the folding tossing arm: a moment
  // where it is not has the arms' keypoints swapped, and its elbow angle is the other arm's.
  const hitterAbove = (m: BodyMoment) =>
    (wristHeight(athlete, m, hitter) ?? Infinity) >= (wristHeight(athlete, m, tosser) ?? -Infinity);
  const window = between(athlete, Math.max(trophy, contact - DROP_BEFORE_CONTACT), contact)
    .filter((i) => {
      const m = athlete.moments[i]!;
      return elbowAngle(m, hitter) !== undefined && hitterAbove(m);
    })
    .reverse();
  const bent = window.findIndex((i) => elbowAngle(athlete.moments[i]!, hitter)! <= DROP_ELBOW);
  if (bent <= 0) return undefined;
  const before = athlete.moments[window[bent]!]!;
  const after = athlete.moments[window[bent - 1]!]!;
  return crossing(
    before.t,
    elbowAngle(before, hitter)!,
    after.t,
    elbowAngle(after, hitter)!,
    DROP_ELBOW,
  );
}

/**
 * Contact: the hitting wrist at its highest above the head, placed between samples by the
 * parabola through the highest sample and its neighbours (the arm sweeps past in a few
 * hundredths of a second).
 */
export function contactTime(athlete: Athlete, hitter: Side, sample: number): number {
  const at = athlete.moments.findIndex((m) => m.t === sample);
  const around = [at - 1, at, at + 1].map((i) => athlete.moments[i]);
  if (around.some((m) => !m)) return sample;
  const heights = around.map((m) => wristHeight(athlete, m!, hitter));
  if (heights.some((h) => h === undefined)) return sample;
  return vertexTime(
    around.map((m) => m!.t) as [number, number, number],
    heights as [number, number, number],
  );
}
