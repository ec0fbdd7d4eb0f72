import { kneeAngleOf } from '../body-series';
import { defined } from '../geometry';
import { momentAt, type Athlete } from './athlete';
import { judged, metric } from './records';
import { repetitionPoint, repetitionSummary } from './shared';
import { cycles, event, hipRange, ramp, uprightShare } from './shared';
import { handsToKnees } from './squat';
import type { MetricDraft, MovementModule } from './types';

/** Lifts: the hips down with the hands at the knees or lower, then up to a standing lockout. */
function lifts(athlete: Athlete) {
  return cycles(athlete, athlete.hipHeight, 0.3, 1).filter((c) => handsToKnees(athlete, c.bottom));
}

/** Lockout: after a lift's bottom, the first moment the hips are back within reach of their top. */
function lockoutOf(athlete: Athlete, from: number, to: number): number {
  const inside = athlete.moments
    .map((m, i) => i)
    .filter((i) => athlete.moments[i]!.t >= from && athlete.moments[i]!.t <= to);
  const top = Math.max(...inside.map((i) => athlete.hipHeight[i]!));
  const first = inside.find((i) => athlete.hipHeight[i]! >= top - 0.05);
  return athlete.moments[first ?? inside.at(-1)!]!.t;
}

export const hipHinge: MovementModule = {
  points: (athlete, reading, records) =>
    repetitionPoint(athlete, hipHinge, reading, records, 'legs'),
  id: 'hip_hinge',
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
    return (
      uprightShare(athlete) * ramp(hipRange(athlete), 0.3, 0.6) * ramp(found.length, 0, 1) * 0.9
    );
  },
  read(athlete, context) {
    const found = lifts(athlete);
    const metrics: MetricDraft[] = [];
    const reps = found
      .map((c) => {
        const lockout = lockoutOf(athlete, c.bottom, c.end + 0.3);
        // Lift-off: the last moment near the bottom before the hips rise.
        const rising = athlete.moments.filter(
          (m, i) =>
            m.t >= c.bottom &&
            m.t <= lockout &&
            athlete.hipHeight[i]! >
              (athlete.hipHeight[athlete.moments.indexOf(momentAt(athlete, c.bottom))] ?? 0) + 0.05,
        );
        const liftOff = rising[0]?.t ?? c.bottom;
        return { bottom: c.bottom, liftOff, lockout, rose: rising.length > 0 };
      })
      .filter((r) => r.rose && r.lockout > r.liftOff);
    const knees = reps.flatMap((r) => {
      const k = kneeAngleOf(momentAt(athlete, r.bottom));
      return k === undefined ? [] : [{ t: r.bottom, k }];
    });
    const mostBent = knees.sort((a, b) => a.k - b.k)[0];
    if (mostBent && context.view === 'side') {
      metrics.push(
        metric({
          key: 'knee_bottom',
          name: 'Knee angle at the bottom (most bent rep)',
          value: mostBent.k,
          unit: '°',
          t: mostBent.t,
          event: 'lift_off',
          target: '110° or more (a hinge, not a squat)',
          source: 'NSCA deadlift technique: hips back, knees only partly bent',
          status: judged(Math.round(mostBent.k), { min: 110 }),
          topic: 'legs',
        }),
      );
    }
    const pulls = defined(
      reps.map((r) => (r.lockout > r.liftOff ? r.lockout - r.liftOff : undefined)),
    );
    if (pulls.length) {
      metrics.push(
        metric({
          key: 'pull_time',
          name: 'Slowest lift-off to lockout',
          value: Math.max(...pulls) * context.timeScale,
          unit: 's',
          topic: 'tempo',
        }),
      );
    }
    return {
      events: reps.flatMap((r, i) => [
        event('lift_off', `Lift-off (rep ${i + 1})`, r.liftOff),
        event('lockout', `Lockout (rep ${i + 1})`, r.lockout),
      ]),
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
