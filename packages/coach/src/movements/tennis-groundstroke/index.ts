import { kneeAngleOf } from '../../body-series';
import { smoothInTime, momentAt, peaks, share, type Athlete } from '../athlete';
import { judged, metric } from '../records';
import { findStrikes } from '../running';
import { event, hipRange, ramp, seconds, setEvidence, uprightShare } from '../shared';
import { findJumps } from '../../jumps';
import type { MovementEvent } from '@filmroom/contract';
import type { MetricDraft, MovementModule } from '../types';
import { strokePhases, type StrokePhases } from './stroke-phases';

type Stroke = { t: number; kind: 'forehand' | 'backhand' | 'stroke' };

// The shoulders turn this far (in trunk lengths of apparent width change) in one stroke...
const MIN_TURN = 0.35;
// ...with the shoulders' apparent width at one end at least this (trunk lengths): square on...
const SQUARE = 0.45;
// ...and at least this fast (trunk lengths per second) at the height of the swing: a club
// player's or a shadow swing turns the shoulders from side-on to square (about half a trunk of
// apparent width) in half a second, far slower than a pro's whip.
const MIN_TURN_SPEED = 0.9;
// The unit turn comes at most this long before contact (seconds on the real clock).
const UNIT_TURN_LEAD = 1.25;
// The racket hand sweeps at least this far across the picture through a stroke (trunks).
const SWEEP = 1.1;

/** The shoulder line's signed apparent width: it sweeps through a stroke as the trunk turns. */
function shoulderTurn(athlete: Athlete): number[] {
  let last = 0;
  const raw = athlete.moments.map((m) => {
    const { left_shoulder: l, right_shoulder: r } = m.points;
    if (l && r) last = (l.x - r.x) / athlete.trunk;
    return last;
  });
  return smoothInTime(
    raw,
    athlete.moments.map((m) => m.t),
    0.07,
  );
}

/**
 * Strokes: the trunk turning fast through the hit. Contact is where the turn comes to an end
 * (the shoulders square to the net as the racket meets the ball); two hands close together
 * then are a two-handed backhand, one hand on its own a forehand.
 */
function findStrokes(athlete: Athlete): Stroke[] {
  const w = shoulderTurn(athlete);
  const t = athlete.moments.map((m) => m.t);
  const speed = w.map((_, i) => {
    const a = Math.max(0, i - 1);
    const b = Math.min(w.length - 1, i + 1);
    return t[b]! > t[a]! ? (w[b]! - w[a]!) / (t[b]! - t[a]!) : 0;
  });
  // Every fast, wide turn of the shoulders, in time order.
  const turns = peaks(speed.map(Math.abs), MIN_TURN_SPEED * 0.5).flatMap((i) => {
    if (Math.abs(speed[i]!) < MIN_TURN_SPEED) return [];
    const direction = Math.sign(speed[i]!);
    let from = i;
    while (from > 0 && speed[from - 1]! * direction > 0) from -= 1;
    let to = i;
    while (to < w.length - 1 && speed[to + 1]! * direction > Math.abs(speed[i]!) * 0.25) to += 1;
    const size = Math.abs(w[to]! - w[from]!);
    // A swing turns the shoulders between side-on and square to the camera: one end of the
    // turn shows them wide. A walker's shoulders stay side-on; a flip of a narrow line is noise.
    const square = Math.max(Math.abs(w[from]!), Math.abs(w[to]!)) >= SQUARE;
    // Groundstrokes are hit between the knees and the shoulders, never overhead.
    const overhead = (athlete.handHeight[to] ?? 0) > 0.6;
    // The swing turns the shoulders back towards square to the net; the unit turn away.
    const towardSquare = Math.abs(w[to]!) > Math.abs(w[from]!);
    // A turn still going where the clip starts shows neither its size nor its start; one still
    // going where it ends is a stroke only if it is squaring up to the ball as the clip ends.
    if (from === 0 || (to === w.length - 1 && !towardSquare)) return [];
    return size >= MIN_TURN && square && !overhead ? [{ contact: to, towardSquare }] : [];
  });
  // A stroke turns the trunk back (the unit turn), then through the ball, then back to the
  // ready (the recovery): of turns in quick succession, the swing is the last that turns the
  // shoulders towards square and sweeps the racket hand across the body (or, failing that, the
  // last that turns towards square; the last at all), and it ends at contact. A club player
  // starts the unit turn up to a second and a quarter before contact.
  const kept: { contact: number }[] = [];
  let cluster: { contact: number; towardSquare: boolean; sweeps: boolean }[] = [];
  const close = () => {
    const swing = [
      cluster.filter((turn) => turn.towardSquare && turn.sweeps),
      cluster.filter((turn) => turn.towardSquare),
      cluster,
    ]
      .find((turns) => turns.length)
      ?.at(-1);
    if (swing) kept.push(swing);
    cluster = [];
  };
  for (const turn of turns) {
    const last = cluster.at(-1);
    if (last && t[turn.contact]! - t[last.contact]! > UNIT_TURN_LEAD) close();
    cluster.push({ ...turn, sweeps: handSweep(athlete, t[turn.contact]!) >= SWEEP });
  }
  close();
  const strokes: Stroke[] = kept.map(({ contact }) => {
    // A two-handed backhand hides one wrist behind the other: look a few frames either side.
    const near = athlete.moments
      .map((m, j) => ({ dt: Math.abs(m.t - t[contact]!), gap: athlete.wristGap[j] }))
      .filter((x) => x.dt <= 0.15 && x.gap !== undefined)
      .sort((a, b) => a.dt - b.dt)[0];
    const kind = near === undefined ? 'stroke' : near.gap! < 0.5 ? 'backhand' : 'forehand';
    return { t: t[contact]!, kind };
  });
  return strokes;
}

// The swing from the end of the backswing to contact, and on to the finish across the body,
// each take up to half a second on the real clock for a club player.
const SWING_BEFORE = 0.5;
const SWING_AFTER = 0.5;

/**
 * How far either hand travels across the picture relative to the hips through a stroke (from
 * the end of the backswing to the finish), in trunk lengths (read without left and right).
 */
function handSweep(athlete: Athlete, contact: number): number {
  let widest = 0;
  for (const side of ['left_wrist', 'right_wrist']) {
    const xs = athlete.moments
      .filter((m) => m.t >= contact - SWING_BEFORE && m.t <= contact + SWING_AFTER)
      .flatMap((m) => {
        const wrist = m.points[side];
        return wrist ? [(wrist.x - m.hip.x) / athlete.trunk] : [];
      });
    if (xs.length >= 2) widest = Math.max(widest, Math.max(...xs) - Math.min(...xs));
  }
  return widest;
}

/**
 * How much the strokes found add to the evidence: two or more make a rally. One stroke on its
 * own counts only when the clip shows the whole of it, as a racket stroke and nothing else
 * does: both hands on the racket at the ready, the free hand off it at contact (a club or a bat
 * is swung through on joined hands), and the finish rising after contact. Even then a single
 * stroke is never near-certain (`setEvidence`).
 */
function strokeEvidence(athlete: Athlete, strokes: Stroke[]): number {
  if (strokes.length !== 1) return setEvidence(strokes.length);
  const stroke = strokes[0]!;
  const phases = strokePhases(athlete, [stroke.t])[0];
  const whole =
    stroke.kind === 'forehand' &&
    phases?.ready !== undefined &&
    phases.followThroughEnd !== undefined;
  return whole ? setEvidence(1) : 0.5;
}

// Hands this far above the shoulders (trunks) are overhead.
const OVERHEAD = 0.8;
// A stroke's finish and the recovery from it fit in this long after contact (seconds on the
// real clock, as in the stroke's phases).
const FINISH = 1.5;

/** The hands were overhead in the swing's last half second before contact (a serve's trophy). */
function overheadBefore(athlete: Athlete, contact: number): boolean {
  return athlete.moments.some(
    (m, i) =>
      m.t >= contact - SWING_BEFORE && m.t < contact && (athlete.handHeight[i] ?? 0) > OVERHEAD,
  );
}

// A straight-arm stroke meets the ball with the elbow near 170°, a double-bend forehand near
// 120-140°; a runner's or a skipper's elbows stay near 90°.
const CONTACT_ELBOW = 115;

/**
 * At contact the hitting arm is long and away from the body (the racket meets the ball out in
 * front): a straight elbow with the wrist well to the side of the hips. A runner's or a
 * skipper's arms swing bent, close to the trunk.
 */
function reachesOut(athlete: Athlete, contact: number): boolean {
  return athlete.moments.some((m) => {
    if (Math.abs(m.t - contact) > 0.15) return false;
    return (['left', 'right'] as const).some((side) => {
      const wrist = m.points[`${side}_wrist`];
      const elbow = side === 'left' ? m.leftElbowAngle : m.rightElbowAngle;
      return (
        wrist !== undefined &&
        elbow !== undefined &&
        elbow >= CONTACT_ELBOW &&
        Math.abs(wrist.x - m.hip.x) >= 0.7 * athlete.trunk
      );
    });
  });
}

/** A stroke's key moments as events, in time order; the moments the clip does not show are left out. */
function strokeEvents(stroke: StrokePhases): MovementEvent[] {
  const contact =
    stroke.kind === 'stroke'
      ? event('contact', 'Contact', stroke.contact)
      : event(`contact_${stroke.kind}`, `Contact (${stroke.kind})`, stroke.contact);
  const moments: [number | undefined, () => MovementEvent][] = [
    [stroke.ready, () => event('ready', 'Ready', stroke.ready!)],
    [
      stroke.backswingEnd,
      () => event('backswing_end', 'End of the backswing', stroke.backswingEnd!),
    ],
    [stroke.contact, () => contact],
    [
      stroke.followThroughEnd,
      () => event('follow_through_end', 'End of the follow-through', stroke.followThroughEnd!),
    ],
    [stroke.recoveryReady, () => event('recovery_ready', 'Back to ready', stroke.recoveryReady!)],
  ];
  return moments.flatMap(([t, make]) => (t === undefined ? [] : [make()]));
}

export const tennisGroundstroke: MovementModule = {
  id: 'tennis_groundstroke',
  timed: true,
  label: 'Tennis forehand / backhand',
  sport: 'tennis',
  sportOwnsClip: true,
  repetition: { one: 'stroke', many: 'strokes' },
  chart: 'hand_height',
  views: ['side', 'front', 'behind'],
  namedBy: { words: /\b(forehand|backhand|groundstrokes?|rally|rallying)\b/i, precedence: 40 },
  phases: [
    {
      event: 'ready',
      label: 'Ready',
      words: /(?<!back to )\b(ready|split.?step|waiting)\b/i,
      about: 'both hands on the racket in front, shoulders square, before the turn',
    },
    {
      event: 'backswing_end',
      label: 'End of the backswing',
      words: /\b(backswing|take.?back|unit turn|preparation|racket back)\b/i,
      about: 'the racket hand at its farthest point back, where the swing turns forward',
    },
    {
      event: 'contact',
      label: 'Contact',
      words: /\b(contact|impact|hit|strike|ball|forehand|backhand)\b/i,
      about: 'the racket meeting the ball',
    },
    {
      event: 'follow_through_end',
      label: 'End of the follow-through',
      words: /\b(follow.?through|finish|finishing)\b/i,
      about: 'the racket hand arriving at its high finish across the body',
    },
    {
      event: 'recovery_ready',
      label: 'Back to ready',
      words: /\b(recover(y|ing)?|back to ready|reset)\b/i,
      about: 'the racket hand back where it waited, ready for the next ball',
    },
  ],
  faults: [
    {
      id: 'straight-legs',
      metric: 'contact_knee',
      title: 'Load the legs',
      cue: 'Sit into a bent-knee base as the ball arrives so the legs start the swing.',
      topic: 'legs',
      drills: [
        {
          name: 'Split-step and sit',
          how: 'Split-step, then sit into a wide base before each feed; 3 × 10 balls.',
        },
      ],
    },
  ],
  recognise(athlete) {
    const strokes = findStrokes(athlete);
    if (!strokes.length) return 0;
    // Hands overhead belong to a serve, a jack or a shot, not to a rally, except where a stroke
    // finishes: a topspin or one-handed stroke swings low to high and may end with the hand
    // above the head. That finish comes after contact, the hand having come up from below
    // the shoulders; a serve's hand is overhead before and at contact (the trophy).
    const finish = strokes.filter((s) => !overheadBefore(athlete, s.t));
    const overhead = share(
      athlete.handHeight.map((h, i) => {
        const t = athlete.moments[i]!.t;
        return finish.some((s) => t > s.t && t <= s.t + FINISH) ? undefined : h;
      }),
      (h) => h > OVERHEAD,
    );
    // Steady steps all through (walking, running) swing the arms too: that is not a rally.
    const steps = findStrikes(athlete);
    const span = steps.length > 1 ? steps.at(-1)! - steps[0]! : 0;
    const stepRate = span > 0 ? ((steps.length - 1) / span) * 60 : 0;
    const steady = stepRate * (span / Math.max(1, seconds(athlete)));
    // The racket hand swings out and across the body to meet the ball: hands that stay by the
    // hips (a skipping rope) or at the chest (a guard) make no stroke, however the trunk turns.
    const swung =
      strokes.filter((s) => handSweep(athlete, s.t) >= SWEEP && reachesOut(athlete, s.t)).length /
      strokes.length;
    // A rally is played on level hips with a split step now and then: hips that sink and rise
    // a trunk's length (lunges, squats) or feet that keep leaving the ground (a skipping rope)
    // are another exercise whose arms happen to swing.
    const level = 1 - ramp(hipRange(athlete), 0.6, 0.9);
    const bouncing = ramp(findJumps(athlete.moments).length, 2, 4);
    // Between strokes a player waits with the free hand on the racket's throat: hands that
    // never meet (a rope's handles, a runner's arms) hold no racket.
    const ready = ramp(
      share(athlete.wristGap, (gap) => gap < 0.45),
      0.05,
      0.15,
    );
    return (
      0.85 *
      ready *
      level *
      (1 - bouncing) *
      ramp(swung, 0.3, 0.7) *
      strokeEvidence(athlete, strokes) *
      uprightShare(athlete) *
      (1 - ramp(overhead, 0.1, 0.3)) *
      (1 - ramp(steady, 50, 90))
    );
  },
  read(athlete, context) {
    // The turns recognition found, each timed and told forehand or backhand by the racket
    // hand's path (a two-handed backhand holds the hands together like a forehand's unit turn).
    const strokes = strokePhases(
      athlete,
      findStrokes(athlete).map((s) => s.t),
    ).map((phases) => ({ ...phases, t: phases.contact }));
    const metrics: MetricDraft[] = [];
    const forehands = strokes.filter((s) => s.kind === 'forehand').length;
    metrics.push(
      metric({
        key: 'forehands',
        name: 'Forehands',
        value: forehands,
        unit: '',
        decimals: 0,
        topic: 'arms',
      }),
      metric({
        key: 'backhands',
        name: 'Backhands',
        value: strokes.filter((s) => s.kind === 'backhand').length,
        unit: '',
        decimals: 0,
        topic: 'arms',
      }),
    );
    const knees = strokes
      .map((s) => ({ s, knee: kneeAngleOf(momentAt(athlete, s.t)) }))
      .filter((x) => x.knee !== undefined)
      .sort((a, b) => b.knee! - a.knee!);
    const straightest = knees[0];
    if (straightest && context.view !== 'front') {
      metrics.push(
        metric({
          key: 'contact_knee',
          name: 'Straightest knee at contact',
          value: straightest.knee!,
          unit: '°',
          t: straightest.s.t,
          event: 'contact',
          target: '160° or less',
          source: 'ITF coaching: a bent-knee base at contact',
          status: judged(Math.round(straightest.knee!), { max: 160 }),
          topic: 'legs',
        }),
      );
    }
    return {
      events: strokes.flatMap(strokeEvents),
      repetitions: strokes.map((s) => ({ t: s.t, label: s.kind })),
      metrics,
      withheld: [
        'Racket path, ball speed and where the ball went: FilmRoom follows the body, not the racket or the ball.',
        'Contact point in front of the body: film side-on to see it.',
      ],
      summary: `${strokes.length === 1 ? 'One stroke was' : `${strokes.length} strokes were`} found, each timed at contact.`,
    };
  },
};
