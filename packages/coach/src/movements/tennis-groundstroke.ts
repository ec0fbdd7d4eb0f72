import { kneeAngleOf } from '../body-series';
import { smooth } from '../geometry';
import { momentAt, peaks, share, type Athlete } from './athlete';
import { judged, metric } from './records';
import { findStrikes } from './running';
import { event, ramp, seconds, uprightShare } from './shared';
import type { MetricDraft, MovementModule } from './types';

type Stroke = { t: number; kind: 'forehand' | 'backhand' };

/**
 * Strokes: bursts of wrist speed at waist-to-shoulder height, at least a second apart. Two hands
 * close together at the burst is a two-handed backhand; otherwise the side of the body the
 * faster hand is on, against the athlete's usual (dominant) side, tells forehand from backhand.
 */
export function findStrokes(athlete: Athlete): Stroke[] {
  const speed = smooth(athlete.wristSpeed, 1);
  const step =
    athlete.moments.length > 1
      ? (athlete.moments.at(-1)!.t - athlete.moments[0]!.t) / (athlete.moments.length - 1)
      : 0.2;
  const found = peaks(speed, 6, Math.max(1, Math.round(1 / step))).filter((i) => {
    const h = athlete.handHeight[i];
    return speed[i]! > 10 && h !== undefined && h > -1.4 && h < 0.6;
  });
  return found.map((i) => {
    const m = athlete.moments[i]!;
    const gap = athlete.wristGap[i];
    return { t: m.t, kind: gap !== undefined && gap < 0.45 ? 'backhand' : 'forehand' };
  });
}

export const tennisGroundstroke: MovementModule = {
  id: 'tennis_groundstroke',
  phases: [
    {
      event: 'contact',
      label: 'Contact',
      words: /\b(contact|impact|hit|strike|ball|forehand|backhand)\b/i,
      about: 'the racket meeting the ball',
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
    const overhead = share(athlete.handHeight, (h) => h > 0.8);
    // Steady steps all through (walking, running) swing the arms too: that is not a rally.
    const steps = findStrikes(athlete);
    const span = steps.length > 1 ? steps.at(-1)! - steps[0]! : 0;
    const stepRate = span > 0 ? ((steps.length - 1) / span) * 60 : 0;
    const steady = stepRate * (span / Math.max(1, seconds(athlete)));
    return (
      0.85 *
      ramp(strokes.length, 0, 2) *
      uprightShare(athlete) *
      (1 - ramp(overhead, 0.1, 0.3)) *
      (1 - ramp(steady, 50, 90))
    );
  },
  read(athlete, context) {
    const strokes = findStrokes(athlete);
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
        value: strokes.length - forehands,
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
      events: strokes.map((s) => event(`contact_${s.kind}`, `Contact (${s.kind})`, s.t)),
      repetitions: strokes.map((s) => ({ t: s.t, label: s.kind })),
      metrics,
      withheld: [
        'Racket path, ball speed and where the ball went: FilmRoom follows the body, not the racket or the ball.',
        'Contact point in front of the body: film side-on to see it.',
      ],
      summary: `${strokes.length} stroke${strokes.length === 1 ? ' was' : 's were'} found (${forehands} forehand${forehands === 1 ? '' : 's'}).`,
    };
  },
};
