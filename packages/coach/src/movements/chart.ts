import type { MetricSeries } from '@filmroom/contract';
import { kneeAngleOf } from '../body-series';
import { median } from '../geometry';
import type { AthleteAnalysis } from './analyse';
import type { Athlete } from './athlete';
import type { ChartSeries } from './types';

// A chart under the analysis shows no more than this; longer clips are thinned.
const MAX_SAMPLES = 300;

const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals + 0;

type SeriesSamples = { name: string; unit: string; samples: [number, number][] };

// How each kind of chart reads its measure off the athlete's moments.
const SERIES: Record<ChartSeries, (athlete: Athlete) => SeriesSamples> = {
  elbow_angle: (athlete) => ({
    name: 'Elbow angle',
    unit: '°',
    samples: athlete.moments.flatMap((m) => {
      const angles = [m.leftElbowAngle, m.rightElbowAngle].filter((a) => a !== undefined);
      return angles.length ? [[m.t, round(Math.min(...angles), 1)] as [number, number]] : [];
    }),
  }),
  hand_height: (athlete) => ({
    name: 'Hand height above the shoulders',
    unit: 'trunk lengths',
    samples: athlete.moments.flatMap((m, i) => {
      const h = athlete.handHeight[i];
      return h !== undefined ? [[m.t, round(h, 2)] as [number, number]] : [];
    }),
  }),
  hip_height: (athlete) => ({
    name: 'Hip height',
    unit: 'trunk lengths',
    samples: athlete.moments.map((m, i) => [m.t, round(athlete.hipHeight[i]!, 2)]),
  }),
  knee_angle: (athlete) => ({
    name: 'Knee angle',
    unit: '°',
    samples: athlete.moments.flatMap((m) => {
      const angle = kneeAngleOf(m);
      return angle !== undefined ? [[m.t, round(angle, 1)] as [number, number]] : [];
    }),
  }),
};

/**
 * The main athlete's one measure over time, for the chart under the analysis: the series its
 * movement names (see ChartSeries). Always that athlete's own series.
 */
export function chartFor(main: AthleteAnalysis): MetricSeries | null {
  const { athlete, reading, module } = main;
  const { name, unit, samples } = SERIES[module.chart](athlete);
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
