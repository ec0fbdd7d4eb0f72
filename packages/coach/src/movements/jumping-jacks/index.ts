import { handHeights, momentAt, peaks, wristsOf, type Athlete } from '../athlete';
import { judged, metric } from '../records';
import { event, ramp, straighterElbow, uprightShare, extremeAt } from '../shared';
import type { MetricDraft, MovementModule } from '../types';

/**
 * Arms-overhead moments: both hands above the head, the arms swung down to the sides in
 * between. The swing spans nearly two trunk lengths; a third of it stands a peak out even where
 * the sparse samples miss the hands' lowest moment.
 */
function overheads(athlete: Athlete): number[] {
  const h = handHeights(athlete, 0.07);
  return peaks(
    h,
    0.6,
    0.4,
    athlete.moments.map((m) => m.t),
  )
    .filter((i) => h[i]! > 0.6 && bothHandsUp(athlete, i))
    .map((i) => athlete.moments[i]!.t);
}

/** Both wrists above the shoulders (when both are seen): a jack's arms, not one hand's reach. */
function bothHandsUp(athlete: Athlete, i: number): boolean {
  const m = athlete.moments[i]!;
  const wrists = wristsOf(m);
  if (wrists.length < 2) return (athlete.wristGap[i] ?? 0) < 1;
  return Math.max(...wrists.map((w) => w.y)) <= m.shoulder.y - 0.3 * athlete.trunk;
}

export const jumpingJacks: MovementModule = {
  id: 'jumping_jacks',
  label: 'Jumping jacks',
  sport: 'fitness',
  sportOwnsClip: false,
  repetition: { one: 'rep', many: 'reps' },
  chart: 'hand_height',
  views: ['side', 'front', 'behind'],
  namedBy: { words: /\b(jumping jacks?|star jumps?)\b/i, precedence: 90 },
  phases: [
    {
      event: 'arms_overhead',
      label: 'Arms overhead',
      words: /\b(overhead|top|hands together|arms up)\b/i,
      about: 'hands meeting above the head',
    },
  ],
  faults: [
    {
      id: 'bent-arms',
      metric: 'overhead_elbow',
      title: 'Straight arms overhead',
      cue: 'Swing the arms long and straight until the hands meet above the head.',
      topic: 'arms',
      drills: [{ name: 'Slow jacks', how: 'Half-speed jacks with a pause overhead; 3 × 10.' }],
    },
  ],
  recognise(athlete) {
    const found = overheads(athlete);
    if (found.length < 2) return 0;
    // The feet jump apart as the arms go up: a shot or a reach overhead keeps them under the hips.
    const stances = found.flatMap((t) => {
      const ratio = momentAt(athlete, t).stanceRatio;
      return ratio === undefined ? [] : [ratio];
    });
    const wide = stances.length ? stances.filter((r) => r >= 1.3).length / stances.length : 0;
    return 0.85 * uprightShare(athlete) * ramp(found.length, 1, 2) * ramp(wide, 0.3, 0.7);
  },
  read(athlete, context) {
    const found = overheads(athlete);
    const metrics: MetricDraft[] = [];
    const worst = extremeAt(athlete, found, straighterElbow, 'smallest');
    if (worst) {
      metrics.push(
        metric({
          key: 'overhead_elbow',
          name: 'Straightest elbow overhead (least extended rep)',
          value: worst.value,
          unit: '°',
          t: worst.t,
          event: 'arms_overhead',
          target: '150° or more',
          source: 'Calisthenics coaching: full arm swing, hands meeting overhead',
          status: judged(Math.round(worst.value), { min: 150 }),
          topic: 'arms',
        }),
      );
    }
    void context;
    return {
      events: found.map((t, i) => event('arms_overhead', `Arms overhead ${i + 1}`, t)),
      repetitions: found.map((t) => ({ t })),
      metrics,
      withheld: [],
      summary: `${found.length} jumping jacks were counted at the arms overhead.`,
    };
  },
};
