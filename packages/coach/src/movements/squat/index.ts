import { kneeAngleOf } from '../../body-series';
import { findJumps } from '../../jumps';
import { STANDING_KNEE } from '../../standing';
import { defined, median } from '../../geometry';
import { momentAt, share, wristsOf, type Athlete } from '../athlete';
import { judged, metric } from '../records';
import { repetitionPoint, repetitionSummary, depthRecords, setEvidence } from '../shared';
import { cycles, event, hipRange, hipTravel, ramp, splitStance, uprightShare } from '../shared';
import { leftLevel, reachedLevel, type Cycle } from '../shared';
import type { MetricDraft, MovementModule } from '../types';

const DEPTH_SOURCE = 'NSCA squat technique: thighs at least parallel to the floor';
// Knee angle at the bottom with the thighs about parallel (hip crease level with the knee).
const PARALLEL = 100;
const TRUNK_LEAN = 45;
const KNEE_DIFFERENCE = 12;

/** Squat bottoms: the hips dropping and the knees bending with them, outside any jump. */
function squatCycles(athlete: Athlete) {
  // A jump's loading dip and landing are not squats.
  const jumps = findJumps(athlete.moments);
  return cycles(athlete, athlete.hipHeight, 0.15, 0.8).filter((cycle) => {
    const jump = jumps.find((j) => cycle.bottom >= j.start && cycle.bottom <= j.end);
    if (jump && !stoodBefore(athlete, cycle, jump.takeOff)) return false;
    const knee = kneeAngleOf(momentAt(athlete, cycle.bottom));
    return knee === undefined || knee < 150;
  });
}

// Hips within this of their standing height (trunk lengths, about 3-4 cm) are standing:
// twice the keypoints' jitter standing still, and the last of the hips' creep into full
// extension.
const STANDING_MARGIN = 0.07;

/**
 * A rep's descent start (the hips starting down from standing) and lockout (hips back up to
 * standing height with the knees extended). Standing is known by the knees (straight, as in
 * the jump's standing reference) and its height is the hips' median while the knees were
 * straight on that side of the bottom: one stray sample does not move it. Neither moment is
 * said when the clip does not show it (it starts mid-descent, or ends on the way up).
 */
function standingEnds(athlete: Athlete, rep: Cycle, previous?: Cycle, next?: Cycle) {
  const times = athlete.moments.map((m) => m.t);
  const h = athlete.hipHeight;
  const at = (t: number) => times.findIndex((x) => x >= t);
  const bottom = at(rep.bottom);
  const straight = (i: number) => (kneeAngleOf(athlete.moments[i]!) ?? 0) >= STANDING_KNEE;
  const standingIn = (from: number, to: number) => {
    const range = Array.from({ length: to - from + 1 }, (_, k) => from + k).filter(straight);
    if (!range.length) return undefined;
    const level = median(range.map((i) => h[i]!));
    return { level, range: range.filter((i) => h[i]! >= level - STANDING_MARGIN) };
  };
  const before = standingIn(previous ? at(previous.bottom) : 0, bottom);
  const after = standingIn(bottom, next ? at(next.bottom) : times.length - 1);
  const lastStanding = before?.range.at(-1);
  const firstStanding = after?.range[0];
  return {
    descentStart:
      lastStanding === undefined
        ? undefined
        : leftLevel(times, h, lastStanding, bottom, before!.level, STANDING_MARGIN, -1),
    lockout:
      firstStanding === undefined || firstStanding === times.length - 1
        ? undefined
        : reachedLevel(times, h, bottom, firstStanding, after!.level, STANDING_MARGIN, 1),
  };
}

/**
 * Whether a squat was finished before a jump that follows it: the hips back at standing height
 * with the knees straight, and then no longer rising, before the feet left the ground. A jump's
 * own loading dip drives the hips up without a stop from its bottom into the air; a lifter who
 * stands up, settles and then hops (re-racking, stepping) finished the rep. Read by the order of
 * samples, not seconds, so slowed footage read as filmed keeps its last rep.
 */
function stoodBefore(athlete: Athlete, rep: Cycle, takeOff: number): boolean {
  const { lockout } = standingEnds(athlete, rep);
  if (lockout === undefined || lockout >= takeOff) return false;
  const times = athlete.moments.map((m) => m.t);
  const h = athlete.hipHeight;
  for (let i = times.findIndex((t) => t >= lockout); i >= 0 && i + 1 < times.length; i += 1) {
    if (times[i + 1]! >= takeOff) break;
    if (h[i + 1]! <= h[i]!) return true;
  }
  return false;
}

/** Hands hanging to the knees at the bottom of a rep: a hinge with a bar, not a squat. */
export function handsToKnees(athlete: Athlete, at: number): boolean {
  const m = momentAt(athlete, at);
  const knee = m.leftKnee ?? m.rightKnee;
  const wrists = wristsOf(m);
  if (!knee || !wrists.length) return false;
  return Math.max(...wrists.map((w) => w.y)) >= knee.y - athlete.trunk * 0.25;
}

export const squat: MovementModule = {
  points: (athlete, _reading, records) => repetitionPoint(athlete, records, 'depth', ['best_rep']),
  id: 'squat',
  label: 'Squat',
  sport: 'strength',
  sportOwnsClip: false,
  repetition: { one: 'rep', many: 'reps' },
  chart: 'knee_angle',
  views: ['side', 'front', 'behind'],
  namedBy: { words: /\b(squats?|squatting|back squat|front squat)\b/i, precedence: 120 },
  phases: [
    {
      event: 'descent_start',
      label: 'Descent',
      at: 'at the start of the descent',
      words: /\b(descent|descend\w*|going down|way down|start of the (rep|squat))\b/i,
      about: 'the hips starting down from standing',
    },
    {
      event: 'bottom',
      label: 'Bottom',
      at: 'at the bottom',
      words: /\b(bottom|lowest|deepest|depth|hole)\b/i,
      about: 'the lowest point of a rep',
    },
    {
      event: 'lockout',
      label: 'Lockout',
      words: /\b(lock-?out|lock out|top|stand(ing)? (up|tall)|finish)\b/i,
      about: 'hips and knees back to full extension at the top',
    },
  ],
  faults: [
    {
      id: 'shallow',
      metric: 'depth',
      title: 'Sit deeper',
      cue: 'Sink until the thighs are about parallel while keeping the heels down.',
      topic: 'depth',
      drills: [
        { name: 'Box squats', how: 'Squat to a box at parallel height, touch, stand; 3 × 8.' },
        {
          name: 'Goblet squat holds',
          how: 'Hold the bottom 5 s with a weight at the chest; 3 × 5.',
        },
      ],
    },
    {
      id: 'chest-drop',
      metric: 'trunk_lean',
      title: 'Chest up',
      cue: 'Brace and keep the chest up so the trunk stays more upright at the bottom.',
      topic: 'posture',
      drills: [
        {
          name: 'Front-loaded squats',
          how: 'Goblet or front squats make the trunk stay tall; 3 × 6.',
        },
        {
          name: 'Wall-facing squats',
          how: 'Squat facing a wall a foot away without touching it; 3 × 8.',
        },
      ],
    },
    {
      id: 'uneven',
      metric: 'knee_difference',
      title: 'Even knees',
      cue: 'Share the load evenly between both legs, and watch that the hips do not shift to one side.',
      topic: 'symmetry',
      drills: [
        { name: 'Split squats', how: 'Work each leg alone to even out strength; 3 × 8 each.' },
      ],
    },
  ],
  recognise(athlete) {
    const reps = squatCycles(athlete);
    if (!reps.length) return 0;
    const knees = defined(reps.map((r) => kneeAngleOf(momentAt(athlete, r.bottom))));
    const bend = ramp(median(knees.length ? knees : [180]), 150, 120);
    const hinge = reps.filter((r) => handsToKnees(athlete, r.bottom)).length / reps.length;
    const split = reps.filter((r) => splitStance(athlete, r.bottom)).length / reps.length;
    // Hands thrown up above the head belong to a shot, a throw or a jump, not a squat set.
    const handsUp = share(athlete.handHeight, (h) => h > 0.6);
    // The hips of a squat travel from standing to the bottom and back: about a trunk's length
    // at full depth. Hips that range much further also left the ground (a jump's dip is not a
    // squat set).
    const range = hipRange(athlete);
    return (
      setEvidence(reps.length) *
      (1 - ramp(handsUp, 0.04, 0.2)) *
      uprightShare(athlete) *
      ramp(range, 0.15, 0.35) *
      ramp(range, 1.6, 1.35) *
      bend *
      (1 - hinge) *
      (1 - split * 0.8) *
      ramp(hipTravel(athlete), 2.5, 1)
    );
  },
  read(athlete, context) {
    const reps = squatCycles(athlete);
    const bottoms = reps.map((r) => momentAt(athlete, r.bottom));
    const metrics: MetricDraft[] = [];
    metrics.push(
      ...depthRecords(
        athlete,
        reps.map((r) => r.bottom),
        kneeAngleOf,
        {
          key: 'depth',
          name: 'Knee angle at the bottom',
          target: `${PARALLEL}° or less`,
          source: DEPTH_SOURCE,
          range: { max: PARALLEL },
          topic: 'depth',
        },
      ),
    );
    const leanAt = bottoms.reduce<(typeof bottoms)[number] | undefined>(
      (best, m) => (!best || m.trunkLean > best.trunkLean ? m : best),
      undefined,
    );
    if (leanAt && context.view === 'side') {
      metrics.push(
        metric({
          key: 'trunk_lean',
          name: 'Trunk lean at the bottom',
          value: leanAt.trunkLean,
          unit: '°',
          t: leanAt.t,
          event: 'bottom',
          target: `under ${TRUNK_LEAN}°`,
          source:
            'NSCA: a back angle within about 45° of vertical keeps the load off the lower back',
          status: judged(Math.round(leanAt.trunkLean), { max: TRUNK_LEAN }),
          topic: 'posture',
        }),
      );
    }
    const differences = bottoms.flatMap((m) =>
      m.leftKneeAngle !== undefined && m.rightKneeAngle !== undefined
        ? [{ t: m.t, value: Math.abs(m.leftKneeAngle - m.rightKneeAngle) }]
        : [],
    );
    const uneven = differences.sort((a, b) => b.value - a.value)[0];
    if (uneven && context.view !== 'side') {
      metrics.push(
        metric({
          key: 'knee_difference',
          name: 'Left/right knee difference at the bottom',
          value: uneven.value,
          unit: '°',
          t: uneven.t,
          event: 'bottom',
          target: `under ${KNEE_DIFFERENCE}°`,
          source: 'A difference over about 10-15° between sides is a visible shift',
          status: judged(Math.round(uneven.value), { max: KNEE_DIFFERENCE }),
          topic: 'symmetry',
        }),
      );
    }
    const durations = reps.map((r) => r.end - r.start).filter((d) => d > 0);
    if (durations.length >= 2) {
      const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
      const spread = Math.sqrt(
        durations.reduce((s, d) => s + (d - mean) ** 2, 0) / durations.length,
      );
      metrics.push(
        metric({
          key: 'tempo_variation',
          name: 'Rep-to-rep tempo variation',
          value: (spread / mean) * 100,
          unit: '%',
          target: 'under 20%',
          source: 'An even count (e.g. 2 down, 1 up) keeps every rep alike',
          status: judged(Math.round((spread / mean) * 100), { max: 20 }),
          topic: 'tempo',
          t: null,
        }),
      );
    }
    const withheld =
      context.view === 'side'
        ? ['Left/right knee difference: film from the front to compare the two legs.']
        : ['Trunk lean: the back angle needs a side-on camera to measure.'];
    return {
      events: reps.flatMap((r, i) => {
        const { descentStart, lockout } = standingEnds(athlete, r, reps[i - 1], reps[i + 1]);
        return [
          ...(descentStart === undefined
            ? []
            : [event('descent_start', `Descent starts (rep ${i + 1})`, descentStart)]),
          event('bottom', `Bottom of rep ${i + 1}`, r.lowest),
          ...(lockout === undefined ? [] : [event('lockout', `Lockout (rep ${i + 1})`, lockout)]),
        ];
      }),
      repetitions: reps.map((r) => ({ t: r.bottom })),
      metrics,
      withheld,
      summary: repetitionSummary(reps.length, 'squat', 'judged at its bottom'),
    };
  },
};
