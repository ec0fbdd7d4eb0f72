import { median } from '../../geometry';
import { type Athlete } from '../athlete';
import { highestBetween } from '../shared';

type StrokeKind = 'forehand' | 'backhand' | 'stroke';

/** One stroke's key moments on the athlete's clock; a moment the clip does not show is absent. */
export type StrokePhases = {
  kind: StrokeKind;
  ready?: number;
  backswingEnd?: number;
  contact: number;
  followThroughEnd?: number;
  recoveryReady?: number;
};

type Side = 'left' | 'right';

// At contact of a forehand or a two-handed backhand the shoulders have turned back to within
// about 25° of the squarest they get in the stroke (cos 25° ≈ 0.9 of that apparent width).
const SQUARE_AT_CONTACT = 0.9;
// Before the turn the shoulders are still nearer square than side-on (within about 50°).
const SQUARE_AT_READY = 0.6;
// At the ready the free hand holds the racket's throat: the wrists are this close (trunks)...
const HANDS_TOGETHER = 0.45;
// ...and the recovery brings the racket hand back to within this of where it waited (trunks).
const BACK_TO_READY = 0.35;
// A follow-through finishes high: the hand rises at least this much (trunks) after contact...
const FINISH_RISE = 0.3;
// ...and has arrived at its finish once within this of its highest point (trunks).
const FINISH_MARGIN = 0.15;
// The backswing and the ready before it, and the finish and recovery after contact, each fit
// in this long (seconds on the real clock): a rally's strokes are a second or more apart.
const BEFORE = 1.5;
const AFTER = 1.5;
// The forward swing from the end of the backswing to contact takes longer than this (s).
const FORWARD_SWING = 0.05;
// Where the scan samples densely (around fast moments) a parabola through three samples
// describes the hand's path; five samples a second do not.
const DENSE = 0.1;

type Series = { t: number[]; v: (number | undefined)[] };

/** Linear crossing of `level` (upward) by a series, between samples `from`..`to` (indexes). */
function crossingUp(s: Series, from: number, to: number, level: number): number | undefined {
  let last: number | undefined;
  for (let i = from; i <= to; i += 1) {
    const v = s.v[i];
    if (v === undefined) continue;
    if (v >= level) {
      if (last === undefined || last === i) return s.t[i];
      const before = s.v[last]!;
      return s.t[last]! + ((level - before) / (v - before)) * (s.t[i]! - s.t[last]!);
    }
    last = i;
  }
  return undefined;
}

/** Indexes of the samples with times in [from, to]. */
function within(t: number[], from: number, to: number): [number, number] {
  let a = 0;
  while (a < t.length && t[a]! < from) a += 1;
  let b = t.length - 1;
  while (b >= 0 && t[b]! > to) b -= 1;
  return [a, b];
}

/**
 * The shoulders' apparent width along the direction they show when the athlete is square to
 * the camera (facing it or with the back to it), in trunks: largest square on, near zero
 * side-on, negative turned past side-on (a forehand's unit turn seen from behind).
 */
function squareness(athlete: Athlete): number[] {
  const raw = athlete.moments.map((m) => {
    const { left_shoulder: l, right_shoulder: r } = m.points;
    return l && r ? (l.x - r.x) / athlete.trunk : undefined;
  });
  const facing = Math.sign(median(raw.filter((w): w is number => w !== undefined)) || 1);
  return raw.map((w) => (w === undefined ? Number.NaN : w * facing));
}

/**
 * The hitting hand: the one out at arm's length, farther from the hips than the other, as the
 * swing meets the ball and goes on (a two-handed backhand keeps the hands together and says
 * nothing; in the backswing the free hand may reach as far). Undefined when no stroke shows it.
 */
function hittingHand(athlete: Athlete, contacts: number[]): Side | undefined {
  let votes = 0;
  athlete.moments.forEach((m, i) => {
    if (!contacts.some((c) => m.t >= c - 0.05 && m.t <= c + 0.15)) return;
    const { left_wrist: l, right_wrist: r } = m.points;
    if (!l || !r || (athlete.wristGap[i] ?? 0) < HANDS_TOGETHER) return;
    const reach = (p: { x: number; y: number }) => Math.hypot(p.x - m.hip.x, p.y - m.hip.y);
    votes += (reach(l) - reach(r)) / athlete.trunk;
  });
  return votes === 0 ? undefined : votes > 0 ? 'left' : 'right';
}

/**
 * The image direction (+1 or -1 in x) of the hitting hand's own side of the body: read from
 * the shoulders as the athlete mostly stands, so it holds whichever way they face the camera
 * and in a mirrored picture (the pose's left and right swap with the picture).
 */
function ownSideDirection(athlete: Athlete, hand: Side): number {
  const widths = athlete.moments.flatMap((m) => {
    const { left_shoulder: l, right_shoulder: r } = m.points;
    return l && r ? [l.x - r.x] : [];
  });
  const leftIsRight = Math.sign(median(widths) || 1);
  return hand === 'left' ? leftIsRight : -leftIsRight;
}

/** The racket hand's position across the picture from the hips (trunks). */
function handAcross(athlete: Athlete, hand: Side): Series {
  return {
    t: athlete.moments.map((m) => m.t),
    v: athlete.moments.map((m) => {
      const wrist = m.points[`${hand}_wrist`];
      return wrist ? (wrist.x - m.hip.x) / athlete.trunk : undefined;
    }),
  };
}

/** The time of a series' extreme at sample `i`: between samples where sampled densely. */
function extremeTime(s: Series, i: number, sign: number): number {
  const prev = i - 1;
  const next = i + 1;
  const dense =
    prev >= 0 &&
    next < s.t.length &&
    s.v[prev] !== undefined &&
    s.v[next] !== undefined &&
    s.t[next]! - s.t[prev]! <= 2 * DENSE;
  if (!dense) return s.t[i]!;
  return highestBetween(
    [s.t[prev]!, s.t[i]!, s.t[next]!],
    [s.v[prev]! * sign, s.v[i]! * sign, s.v[next]! * sign],
    1,
  );
}

/**
 * Each stroke's key moments, from the racket hand's path and the shoulders' turn:
 * - backswing end: the racket hand's farthest point out to one side before contact, where it
 *   turns to come forward; the side tells the stroke (the hitting hand's own side: forehand;
 *   across the body: backhand);
 * - contact: the racket meets the ball in front of the lead hip with the shoulders turned back
 *   near square, whichever of the two comes first;
 * - follow-through end: the hand's arrival at its high finish;
 * - ready before, recovery after: both hands on the racket in front, shoulders not turned.
 */
export function strokePhases(athlete: Athlete, contacts: number[]): StrokePhases[] {
  const t = athlete.moments.map((m) => m.t);
  const square: Series = {
    t,
    v: squareness(athlete).map((w) => (Number.isNaN(w) ? undefined : w)),
  };
  const hand = hittingHand(athlete, contacts);
  const own = hand ? ownSideDirection(athlete, hand) : 0;
  const across = handAcross(athlete, hand ?? 'right');
  const height: Series = { t, v: athlete.handHeight };
  return contacts.map((contact, n) => {
    const previous = contacts[n - 1] ?? -Infinity;
    const next = contacts[n + 1] ?? Infinity;
    const start = Math.max(contact - BEFORE, (previous + contact) / 2);
    const [a] = within(t, start, contact);
    const [, d] = within(t, contact, Math.min(contact + 0.5, (contact + next) / 2));

    // The shoulders back near the squarest they get as the turn ends (the turn's end is where
    // recognition timed the stroke, a sample or two after contact).
    const [, turnEnd] = within(t, contact, contact);
    let mostTurned = a;
    for (let i = a; i <= turnEnd; i += 1) {
      if ((square.v[i] ?? Infinity) < (square.v[mostTurned] ?? Infinity)) mostTurned = i;
    }
    const squarest = Math.max(
      ...square.v.slice(mostTurned, Math.min(turnEnd + 2, d) + 1).filter((v) => v !== undefined),
      0,
    );
    const shouldersSquare =
      squarest > 0 ? crossingUp(square, mostTurned, d, SQUARE_AT_CONTACT * squarest) : undefined;

    // Backswing end: the hand's farthest point out before the forward swing brings the
    // shoulders round.
    const swingFrom = shouldersSquare ?? contact;
    let far = -1;
    for (let i = a; i < t.length && t[i]! < swingFrom - FORWARD_SWING; i += 1) {
      const x = across.v[i];
      if (x !== undefined && (far < 0 || Math.abs(x) > Math.abs(across.v[far]!))) far = i;
    }
    if (far < 0) return { kind: 'stroke', contact: shouldersSquare ?? contact };
    const side = Math.sign(across.v[far]!);
    const backswingEnd = extremeTime(across, far, side);
    const kind: StrokeKind = hand === undefined ? 'stroke' : side === own ? 'forehand' : 'backhand';

    // Contact: the shoulders back near square, or the hand in front of the lead hip if first.
    const leadHip = leadHipAcross(athlete, kind, hand, far, d);
    const handAtLeadHip =
      leadHip === undefined
        ? undefined
        : crossingUp(
            { t, v: across.v.map((x) => (x === undefined ? x : -side * x)) },
            far,
            d,
            -side * leadHip,
          );
    const found = [shouldersSquare, handAtLeadHip].filter((x): x is number => x !== undefined);
    const contactAt = found.length ? Math.min(...found) : contact;

    // Ready: the last moment before the backswing with both hands together in front and the
    // shoulders not yet turned.
    let ready: number | undefined;
    let readyHand: number | undefined;
    const [r0] = within(t, Math.max(backswingEnd - BEFORE, previous), backswingEnd);
    for (let i = far - 1; i >= r0; i -= 1) {
      const gap = athlete.wristGap[i];
      const s = square.v[i];
      if (gap === undefined || s === undefined) continue;
      if (
        gap < HANDS_TOGETHER &&
        s >= SQUARE_AT_READY * squarest &&
        (athlete.handHeight[i] ?? 1) < 0
      ) {
        ready = t[i];
        readyHand = across.v[i];
        break;
      }
    }

    // Follow-through end: the hand arrives at the highest point it reaches after contact.
    const [f0, f1] = within(t, contactAt, Math.min(contactAt + AFTER, next - BEFORE / 2));
    let top = -1;
    for (let i = f0; i <= f1; i += 1) {
      const h = height.v[i];
      if (h !== undefined && (top < 0 || h > height.v[top]!)) top = i;
    }
    const atContact = height.v[f0];
    const finished =
      top > f0 &&
      top < t.length - 1 &&
      atContact !== undefined &&
      height.v[top]! - atContact >= FINISH_RISE;
    const followThroughEnd = finished
      ? crossingUp(height, f0, top, height.v[top]! - FINISH_MARGIN)
      : undefined;

    // Recovery: the racket hand back where it waited at the ready (or, unseen then, both hands
    // together again below the shoulders).
    let recoveryReady: number | undefined;
    if (followThroughEnd !== undefined) {
      const [g0, g1] = within(
        t,
        followThroughEnd,
        Math.min(followThroughEnd + AFTER, next - BEFORE / 2),
      );
      const apart: Series = {
        t,
        v: athlete.moments.map((m, i) => {
          if (readyHand !== undefined) {
            const x = across.v[i];
            return x === undefined ? undefined : -Math.abs(x - readyHand);
          }
          const gap = athlete.wristGap[i];
          return gap === undefined || (athlete.handHeight[i] ?? 1) >= 0 ? undefined : -gap;
        }),
      };
      recoveryReady = crossingUp(
        apart,
        g0,
        g1,
        -(readyHand !== undefined ? BACK_TO_READY : HANDS_TOGETHER),
      );
    }
    return { kind, ready, backswingEnd, contact: contactAt, followThroughEnd, recoveryReady };
  });
}

/**
 * The lead hip's position across the picture from the hips' centre (trunks), averaged over
 * the forward swing: the hip on the hitting hand's side for a backhand (that shoulder leads),
 * the other for a forehand.
 */
function leadHipAcross(
  athlete: Athlete,
  kind: StrokeKind,
  hand: Side | undefined,
  from: number,
  to: number,
): number | undefined {
  if (!hand || kind === 'stroke') return undefined;
  const other: Side = hand === 'left' ? 'right' : 'left';
  const lead = kind === 'backhand' ? hand : other;
  const xs = athlete.moments.slice(from, to + 1).flatMap((m) => {
    const hip = m.points[`${lead}_hip`];
    return hip ? [(hip.x - m.hip.x) / athlete.trunk] : [];
  });
  return xs.length ? median(xs) : undefined;
}
