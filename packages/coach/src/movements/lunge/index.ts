import { momentAt } from '../athlete';
import { judged, metric } from '../records';
import {
  repetitionPoint,
  repetitionSummary,
  extremeAt,
  depthRecords,
  hipTravel,
  setEvidence,
} from '../shared';
import { cycles, deeperKnee, event, hipRange, ramp, splitStance, uprightShare } from '../shared';
import type { MetricDraft, MovementModule } from '../types';
import type { Athlete } from '../athlete';

const SOURCE = 'ACE lunge technique: front knee at about 90°, over the ankle, trunk upright';

function lungeCycles(athlete: Athlete) {
  return cycles(athlete, athlete.hipHeight, 0.3, 0.7);
}

export const lunge: MovementModule = {
  points: (athlete, _reading, records) => repetitionPoint(athlete, records, 'depth', ['best_rep']),
  id: 'lunge',
  label: 'Lunge',
  sport: 'strength',
  sportOwnsClip: false,
  repetition: { one: 'rep', many: 'reps' },
  chart: 'knee_angle',
  views: ['side', 'front', 'behind'],
  namedBy: { words: /\b(lunges?|split squats?|step-?ups?)\b/i, precedence: 80 },
  phases: [
    {
      event: 'bottom',
      label: 'Bottom',
      at: 'at the bottom',
      words: /\b(bottom|lowest|deepest|back knee|rear knee)\b/i,
      about: 'the lowest point of a lunge, rear knee nearest the floor',
    },
  ],
  faults: [
    {
      id: 'shallow-lunge',
      metric: 'front_knee',
      title: 'Lunge deeper',
      cue: 'Lower the back knee towards the floor until the front thigh is about level.',
      topic: 'depth',
      drills: [
        {
          name: 'Split-squat iso holds',
          how: 'Hold the bottom with the back knee an inch off the floor, 3 × 20 s each side.',
        },
        {
          name: 'Pad touches',
          how: 'Put a pad under the back knee and touch it softly each rep; 3 × 8 each side.',
        },
      ],
    },
    {
      id: 'lunge-lean',
      metric: 'trunk_lean',
      title: 'Stay tall',
      cue: 'Keep the chest over the hips as you lower: the trunk stays upright.',
      topic: 'posture',
      drills: [
        {
          name: 'Overhead-reach lunges',
          how: 'Lunge with both arms reaching up to keep the trunk tall; 3 × 8 each side.',
        },
      ],
    },
  ],
  recognise(athlete) {
    const reps = lungeCycles(athlete);
    if (!reps.length) return 0;
    const split = reps.filter((r) => splitStance(athlete, r.bottom)).length / reps.length;
    const knees = reps.map((r) => deeperKnee(momentAt(athlete, r.bottom)) ?? 180);
    const bend = ramp(Math.min(...knees), 150, 110);
    return (
      setEvidence(reps.length) *
      uprightShare(athlete) *
      ramp(hipRange(athlete), 0.25, 0.5) *
      // No deeper than a knee near the floor: hips ranging further also left the ground.
      ramp(hipRange(athlete), 1.6, 1.35) *
      bend *
      ramp(split, 0.2, 0.6) *
      // Lunges are worked on the spot (or a step at a time); a body crossing the picture is
      // striding, however slowly the footage plays it.
      ramp(hipTravel(athlete), 4, 2)
    );
  },
  read(athlete, context) {
    const reps = lungeCycles(athlete);
    const bottoms = reps.map((r) => r.bottom);
    const metrics: MetricDraft[] = [];
    if (context.view === 'side') {
      metrics.push(
        ...depthRecords(athlete, bottoms, deeperKnee, {
          key: 'front_knee',
          name: 'Front knee angle at the bottom',
          target: '80-110°',
          source: SOURCE,
          range: { min: 80, max: 110 },
          topic: 'depth',
        }),
      );
    }
    const leanAt = extremeAt(athlete, bottoms, (m) => m.trunkLean, 'largest');
    if (leanAt && context.view === 'side') {
      metrics.push(
        metric({
          key: 'trunk_lean',
          name: 'Trunk lean at the bottom',
          value: leanAt.value,
          unit: '°',
          t: leanAt.t,
          event: 'bottom',
          target: 'under 30°',
          source: SOURCE,
          status: judged(Math.round(leanAt.value), { max: 30 }),
          topic: 'posture',
        }),
      );
    }
    if (reps.length >= 2) {
      const span = reps.at(-1)!.bottom - reps[0]!.bottom;
      if (span > 0) {
        metrics.push(
          metric({
            key: 'rep_time',
            name: 'Average time per rep',
            value: span / (reps.length - 1),
            unit: 's',
            decimals: 1,
            topic: 'tempo',
          }),
        );
      }
    }
    return {
      events: reps.map((r, i) => event('bottom', `Bottom of rep ${i + 1}`, r.lowest)),
      repetitions: reps.map((r) => ({ t: r.bottom })),
      metrics,
      withheld:
        context.view === 'side'
          ? ['Knee tracking over the toes (inwards or outwards): film from the front.']
          : ['Front knee angle and trunk lean: film side-on to measure them.'],
      summary: repetitionSummary(reps.length, 'lunge', 'judged at its bottom'),
    };
  },
};
