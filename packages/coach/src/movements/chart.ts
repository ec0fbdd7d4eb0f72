import type { MetricSeries } from '@filmroom/contract';
import { kneeAngleOf } from '../body-series';
import { median } from '../geometry';
import type { AthleteAnalysis } from './analyse';

// A chart under the analysis shows no more than this; longer clips are thinned.
const MAX_SAMPLES = 300;

const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals + 0;

/**
 * The main athlete's one measure over time, for the chart under the analysis: the joint the
 * movement is judged by (knees for squats and runs, elbows for push-ups), the hands' height for
 * swings, throws and serves. Always that athlete's own series.
 */
export function chartFor(main: AthleteAnalysis): MetricSeries | null {
  const { athlete, reading } = main;
  const samples: [number, number][] = [];
  let name: string;
  let unit: string;
  switch (reading.movement) {
    case 'push_up':
      name = 'Elbow angle';
      unit = '°';
      for (const m of athlete.moments) {
        const angles = [m.leftElbowAngle, m.rightElbowAngle].filter((a) => a !== undefined);
        if (angles.length) samples.push([m.t, round(Math.min(...angles), 1)]);
      }
      break;
    case 'golf_swing':
    case 'basketball_shot':
    case 'tennis_serve':
    case 'tennis_groundstroke':
    case 'jumping_jacks':
      name = 'Hand height above the shoulders';
      unit = 'trunk lengths';
      athlete.moments.forEach((m, i) => {
        const h = athlete.handHeight[i];
        if (h !== undefined) samples.push([m.t, round(h, 2)]);
      });
      break;
    case 'hip_hinge':
    case 'vertical_jump':
    case 'yoga':
    case 'general':
      name = 'Hip height';
      unit = 'trunk lengths';
      athlete.moments.forEach((m, i) => samples.push([m.t, round(athlete.hipHeight[i]!, 2)]));
      break;
    default:
      name = 'Knee angle';
      unit = '°';
      for (const m of athlete.moments) {
        const angle = kneeAngleOf(m);
        if (angle !== undefined) samples.push([m.t, round(angle, 1)]);
      }
  }
  if (!samples.length) return null;
  const targetRecord = reading.metrics.find(
    (r) => r.unit === unit && r.target && r.status !== 'info',
  );
  return {
    name,
    unit,
    target: unit === '°' && targetRecord ? targetValue(targetRecord.target!) : null,
    athlete: reading.index,
    samples: thin(samples).map(([t, v]) => [round(t, 2), v]),
  };
}

/** The first number of a target's text ("90° or less" → 90). */
function targetValue(target: string): number | null {
  const match = /(\d+(?:\.\d+)?)/.exec(target);
  return match ? Number(match[1]) : null;
}

/**
 * At most `max` samples: from each run of consecutive samples, the one furthest from the
 * clip's median, so the bottoms of squats and the tops of jumps stay on the chart.
 */
function thin(samples: [number, number][], max = MAX_SAMPLES): [number, number][] {
  if (samples.length <= max) return samples;
  const size = Math.ceil(samples.length / max);
  const middle = median(samples.map(([, value]) => value));
  const kept: [number, number][] = [];
  for (let i = 0; i < samples.length; i += size) {
    const bucket = samples.slice(i, i + size);
    kept.push(bucket.reduce((a, b) => (Math.abs(b[1] - middle) > Math.abs(a[1] - middle) ? b : a)));
  }
  return kept;
}
