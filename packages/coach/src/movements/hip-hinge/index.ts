import { kneeAngleOf } from '../../body-series';
import { defined, median } from '../../geometry';
import type { Athlete } from '../athlete';
import { judged, metric } from '../records';
import { repetitionSummary, extremeAt, setEvidence } from '../shared';
import {
  cycles,
  event,
  ramp,
  shoulderRange,
  splitStance,
  hipDominance,
  uprightShare,
} from '../shared';
import { handsToKnees } from '../squat';
import type { Cycle } from '../shared';
import { liftMoments, type LiftMoments } from './moments';
import { riseEnded } from '../timing';
import type { MetricDraft, MovementModule } from '../types';

/**
 * Lifts: the shoulders down with the hands at the knees or lower, then up to a standing
 * lockout. The shoulders travel furthest in a hinge (the trunk pivots at the hips), so they
 * time it best.
 */
function lifts(athlete: Athlete) {
  return cycles(athlete, athlete.shoulderHeight, 0.3, 1).filter((c) =>
    handsToKnees(athlete, c.bottom),
  );
}

/** Each lift's moments: lift-off, lockout, the lowering and the bar back on the floor. */
function timeLifts(athlete: Athlete): LiftMoments[] {
  return liftMoments(athlete, lockouts(athlete));
}

// The rise has ended once the shoulders rise at under this share of their fastest: what is
// left is the keypoints' jitter and a slow creep or lean back through the hold.
const RISE_ENDED = 0.1;

/**
 * Each lift's shoulder cycle with its lockout (hips and knees extended: the shoulders' rise
 * has ended), between samples. A cycle travelling less than 0.3 trunk lengths is not a lift.
 */
function lockouts(athlete: Athlete): (Cycle & { lockout: number })[] {
  const h = athlete.shoulderHeight;
  const t = athlete.moments.map((m) => m.t);
  return lifts(athlete).flatMap((c) => {
    const bottomIndex = t.findIndex((x) => x >= c.bottom);
    const topIndex = t.findIndex((x) => x >= c.end);
    if (bottomIndex < 0 || topIndex <= bottomIndex) return [];
    // The clip ends on the way up: the lockout was not seen.
    if (topIndex === t.length - 1) return [];
    const low = h[bottomIndex]!;
    const highest = Math.max(...h.slice(bottomIndex, topIndex + 1));
    if (highest - low < 0.3) return [];
    // The lockout ends the rise: where the shoulders' rising speed has fallen to a small
    // share of its fastest (a lean back or a creep later in the hold is not the lockout).
    const at = riseEnded(t, h, bottomIndex, topIndex, RISE_ENDED);
    return [{ ...c, lockout: at }];
  });
}

export const hipHinge: MovementModule = {
  id: 'hip_hinge',
  label: 'Hip hinge / deadlift',
  sport: 'strength',
  sportOwnsClip: false,
  repetition: { one: 'rep', many: 'reps' },
  chart: 'hip_height',
  views: ['side', 'front', 'behind'],
  namedBy: {
    words: /\b(deadlifts?|hip hinge|hinge|rdl|romanian deadlift|kettlebell swing)\b/i,
    precedence: 60,
  },
  phases: [
    {
      event: 'lift_off',
      label: 'Lift-off',
      words: /\b(lift-?off|start|set-?up|bottom|floor)\b/i,
      about: 'the bar leaving the floor',
    },
    {
      event: 'lockout',
      label: 'Lockout',
      words: /\b(lockout|lock out|top|finish|stand(ing)? tall)\b/i,
      about: 'standing tall with the hips through',
    },
    {
      event: 'lowering_start',
      label: 'Lowering',
      words: /\b(lowering|lower(ing)? the bar|eccentric|way down|on the way down)\b/i,
      about: 'the bar starting down from the lockout',
    },
    {
      event: 'bar_on_floor',
      label: 'Bar down',
      words: /\b(bar (down|on the floor|back on the floor)|sets? (it|the bar) down|touch-?down)\b/i,
      about: 'the bar back at rest on the floor',
    },
  ],
  faults: [
    {
      id: 'squatting-the-hinge',
      metric: 'knee_bottom',
      title: "Hinge, don't squat",
      cue: 'Push the hips back with soft knees; the shins stay nearly vertical.',
      topic: 'legs',
      drills: [
        {
          name: 'Wall hip-touch',
          how: 'Stand a foot from a wall and push the hips back to touch it with soft knees; 3 × 10.',
        },
        { name: 'Romanian deadlifts', how: 'Light bar, hips back to mid-shin; 3 × 8.' },
      ],
    },
  ],
  recognise(athlete) {
    const found = lifts(athlete);
    if (!found.length) return 0;
    // A hinge is hip-dominant: the trunk folds further than the knees bend. A squat is
    // knee-dominant; a lunge splits the feet.
    const bottoms = found.map((c) => c.bottom);
    const hipDominant = ramp(median(bottoms.map((t) => hipDominance(athlete, t))), 5, 15);
    const split = bottoms.filter((t) => splitStance(athlete, t)).length / bottoms.length;
    return (
      setEvidence(found.length) *
      uprightShare(athlete) *
      ramp(shoulderRange(athlete), 0.4, 0.8) *
      ramp(found.length, 0, 1) *
      hipDominant *
      (1 - split) *
      0.9
    );
  },
  read(athlete, context) {
    const reps = timeLifts(athlete);
    const metrics: MetricDraft[] = [];
    const mostBent = extremeAt(
      athlete,
      reps.map((r) => r.bottom),
      kneeAngleOf,
      'smallest',
    );
    if (mostBent && context.view === 'side') {
      metrics.push(
        metric({
          key: 'knee_bottom',
          name: 'Knee angle at the bottom (most bent rep)',
          value: mostBent.value,
          unit: '°',
          t: mostBent.t,
          event: 'lift_off',
          target: '110° or more (a hinge, not a squat)',
          source: 'NSCA deadlift technique: hips back, knees only partly bent',
          status: judged(Math.round(mostBent.value), { min: 110 }),
          topic: 'legs',
        }),
      );
    }
    const pulls = defined(
      reps.map((r) =>
        r.liftOff !== undefined && r.lockout > r.liftOff ? r.lockout - r.liftOff : undefined,
      ),
    );
    if (pulls.length) {
      metrics.push(
        metric({
          key: 'pull_time',
          name: 'Slowest lift-off to lockout',
          value: Math.max(...pulls),
          unit: 's',
          topic: 'tempo',
        }),
      );
    }
    return {
      // A moment the clip does not show is left out, not guessed.
      events: reps.flatMap((r, i) =>
        (
          [
            ['lift_off', 'Lift-off', r.liftOff],
            ['lockout', 'Lockout', r.lockout],
            ['lowering_start', 'Lowering', r.loweringStart],
            ['bar_on_floor', 'Bar down', r.barOnFloor],
          ] as const
        ).flatMap(([name, label, t]) =>
          t === undefined ? [] : [event(name, `${label} (rep ${i + 1})`, t)],
        ),
      ),
      repetitions: reps.map((r) => ({ t: r.lockout })),
      metrics,
      withheld:
        context.view === 'side'
          ? ['Knees caving in and the bar level: film from the front.']
          : ['Back angle, hip hinge depth and knee bend: film side-on to measure them.'],
      summary: repetitionSummary(reps.length, 'lift', 'timed from lift-off to lockout'),
    };
  },
};
