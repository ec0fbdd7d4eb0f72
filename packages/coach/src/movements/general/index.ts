import { kneeAngleOf } from '../../body-series';
import { defined } from '../../geometry';
import { findJumps } from '../../jumps';
import { fastest, speedSeries } from '../../movement';
import { findStillPeriods } from '../../stillness';
import { quantile } from '../athlete';
import { metric } from '../records';
import { event, seconds } from '../shared';
import type { MetricDraft, MovementModule } from '../types';

/**
 * The honest reading of anything outside the catalogue: what was measured (speed, joint ranges,
 * stillness, jumps) with no targets, because FilmRoom has no rubric for it yet.
 */
export const general: MovementModule = {
  id: 'general',
  label: 'General movement',
  sport: null,
  sportOwnsClip: false,
  repetition: null,
  chart: 'hip_height',
  views: ['side', 'front', 'behind'],
  namedBy: null,
  phases: [],
  faults: [],
  recognise: () => 0,
  read(athlete) {
    const metrics: MetricDraft[] = [
      metric({
        key: 'seen',
        name: 'Time tracked',
        value: seconds(athlete),
        unit: 's',
        decimals: 1,
        topic: 'speed',
      }),
    ];
    const speeds = speedSeries(athlete.moments, athlete.bodyLength);
    const peak = fastest(speeds);
    if (peak) {
      metrics.push(
        metric({
          key: 'peak_speed',
          name: 'Fastest hip travel',
          value: peak.speed,
          unit: 'body lengths/s',
          t: peak.t,
          topic: 'speed',
        }),
      );
    }
    const knees = defined(athlete.moments.map(kneeAngleOf));
    if (knees.length) {
      metrics.push(
        metric({
          key: 'knee_min',
          name: 'Most bent knee angle',
          value: quantile(knees, 0.05)!,
          unit: '°',
          topic: 'legs',
        }),
        metric({
          key: 'knee_max',
          name: 'Straightest knee angle',
          value: quantile(knees, 0.95)!,
          unit: '°',
          topic: 'legs',
        }),
      );
    }
    const elbows = defined(athlete.moments.flatMap((m) => [m.leftElbowAngle, m.rightElbowAngle]));
    if (elbows.length) {
      metrics.push(
        metric({
          key: 'elbow_min',
          name: 'Most bent elbow angle',
          value: quantile(elbows, 0.05)!,
          unit: '°',
          topic: 'arms',
        }),
      );
    }
    const jumps = findJumps(athlete.moments);
    const still = findStillPeriods(speeds, athlete.bodyLength, jumps).sort(
      (a, b) => b.seconds - a.seconds,
    )[0];
    if (still) {
      metrics.push(
        metric({
          key: 'longest_still',
          name: 'Longest still period',
          value: still.seconds,
          unit: 's',
          decimals: 1,
          t: still.start,
          topic: 'balance',
        }),
      );
    }
    return {
      events: jumps.map((j) => event('take_off', 'Take-off', j.takeOff)),
      repetitions: [],
      metrics,
      withheld: [],
      summary: jumps.length
        ? 'The athlete was tracked through the clip, jumps included.'
        : 'The athlete was tracked through the clip.',
    };
  },
};
