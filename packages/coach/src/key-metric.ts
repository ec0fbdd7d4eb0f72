import type { MetricSeries } from '@filmroom/contract';
import type { AthleteMetrics } from './athlete-metrics';
import { kneeAngleOf, type BodyMoment } from './body-series';
import { median } from './geometry';
import { speedSeries } from './movement';
import { bodyLengthOf, hipRise, standingReference } from './standing';
import { THRESHOLDS } from './thresholds';

// A chart under the analysis shows no more than this; longer clips are thinned.
const MAX_SAMPLES = 300;

// "+ 0" turns -0 (standing a hair above the median) into 0.
const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals + 0;

/**
 * One measure of the athlete through the clip, chosen by what the clip shows: the knee angle
 * of squats, the hip height of jumps, otherwise how fast the hips travel.
 */
export function keyMetricFor(metrics: AthleteMetrics, moments: BodyMoment[]): MetricSeries | null {
  if (metrics.repetitions.length) {
    const samples = moments.flatMap((m): [number, number][] => {
      const angle = kneeAngleOf(m);
      return angle === undefined ? [] : [[m.t, round(angle, 1)]];
    });
    return series('Knee angle', '°', THRESHOLDS.parallelKneeAngle, samples);
  }
  const ref = standingReference(moments);
  if (metrics.jumps.length && ref) {
    // Hundredths: a jump is a few tenths of a body length.
    const samples = moments.map((m): [number, number] => [m.t, round(hipRise(m, ref), 2)]);
    return series('Hip height', 'body lengths', null, samples);
  }
  const bodyLength = bodyLengthOf(moments);
  if (!bodyLength) return null;
  const samples = speedSeries(moments, bodyLength).map((s): [number, number] => [
    s.t,
    round(s.speed, 2),
  ]);
  return series('Movement speed', 'body lengths/s', null, samples);
}

function series(
  name: string,
  unit: string,
  target: number | null,
  samples: [number, number][],
): MetricSeries | null {
  if (samples.length === 0) return null;
  return { name, unit, target, samples: thin(samples).map(([t, value]) => [round(t, 2), value]) };
}

/**
 * At most `max` samples: from each run of consecutive samples, the one furthest from the
 * clip's median, so the bottoms of squats and the tops of jumps stay on the chart.
 */
export function thin(samples: [number, number][], max = MAX_SAMPLES): [number, number][] {
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
