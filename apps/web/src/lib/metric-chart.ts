import type { MetricSeries } from '@filmroom/contract';
import { formatTimelineLabel } from '@/lib/format-time';

export type MetricSample = readonly [time: number, value: number];

/** Units written straight after the number ("104°", "12%"); others get a space ("0.2 m/s"). */
const ATTACHED_UNITS = new Set(['°', '%', '″', '′']);

/** Decimals that tell the values of a series apart without noise: 104°, 1.4 m, 0.18 m/s. */
function metricDecimals(span: number): number {
  if (span >= 20) return 0;
  if (span >= 2) return 1;
  return 2;
}

export function formatMetricValue(value: number, unit: string, decimals: number): string {
  const number = value.toFixed(decimals);
  if (!unit) return number;
  return ATTACHED_UNITS.has(unit) ? `${number}${unit}` : `${number} ${unit}`;
}

/** "Knee angle (°)": the chart's title. */
export function metricTitle(series: Pick<MetricSeries, 'name' | 'unit'>): string {
  return series.unit ? `${series.name} (${series.unit})` : series.name;
}

type Extreme = { time: number; value: number };

/** The lowest and highest sample (the first of equals), or null for an empty series. */
function metricExtremes(samples: readonly MetricSample[]): { low: Extreme; high: Extreme } | null {
  if (samples.length === 0) return null;
  let low = samples[0]!;
  let high = samples[0]!;
  for (const sample of samples) {
    if (sample[1] < low[1]) low = sample;
    if (sample[1] > high[1]) high = sample;
  }
  return {
    low: { time: low[0], value: low[1] },
    high: { time: high[0], value: high[1] },
  };
}

/**
 * What the chart shows, in words: its accessible name ("Knee angle over time, from 98° to
 * 175°") and a longer description for the people who cannot see it.
 */
export function metricSummary(series: MetricSeries): { label: string; description: string } {
  const extremes = metricExtremes(series.samples);
  if (!extremes) return { label: `${series.name} over time`, description: 'No measurements.' };
  const decimals = metricDecimals(extremes.high.value - extremes.low.value);
  const value = (number: number) => formatMetricValue(number, series.unit, decimals);
  const at = (time: number) => formatTimelineLabel(time);
  const description = [
    // Named for what they are, single frames: the analysis table's numbers are read at rep
    // bottoms ("Knee angle at the bottom (shallowest rep)"), a frame beside one can differ.
    `Lowest frame ${value(extremes.low.value)} at ${at(extremes.low.time)}, highest frame ${value(extremes.high.value)} at ${at(extremes.high.time)}.`,
    series.target === null ? null : `Target ${value(series.target)}.`,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    label: `${series.name} over time, from ${value(extremes.low.value)} to ${value(extremes.high.value)}`,
    description,
  };
}

/**
 * Round tick values covering [min, max]: steps of 1, 2 or 5 times a power of ten, about
 * `count` of them. The returned domain is widened to the outer ticks, so the line never
 * touches the plot's edge between two labels.
 */
export function niceTicks(
  min: number,
  max: number,
  count: number,
): { ticks: number[]; domain: [number, number]; step: number } {
  if (!Number.isFinite(min) || !Number.isFinite(max))
    return { ticks: [0], domain: [0, 1], step: 1 };
  if (max - min < 1e-9) {
    // A flat series: a band around the value, so the line sits in the middle.
    const pad = Math.abs(min) > 1 ? Math.abs(min) * 0.1 : 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const rough = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  // The 1-2-5 step nearest the rough one (on a log scale: the cut-offs are √2, √10, √50).
  const error = rough / power;
  const step =
    power *
    (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.SQRT2 ? 2 : 1);
  const first = Math.floor(min / step + 1e-9) * step;
  const last = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  const stepCount = Math.round((last - first) / step);
  for (let index = 0; index <= stepCount; index += 1) {
    // A whole number of steps, rounded so 0.1 + 0.2 reads 0.3 and a tick at the sync point
    // reads 0, not float noise such as −2.77555756156e-16 (and never −0).
    const steps = Math.round(first / step) + index;
    ticks.push(Number((steps * step).toPrecision(12)) + 0);
  }
  return { ticks, domain: [first, last], step };
}

/** Steps between time labels, in seconds, that read naturally as m:ss. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

/** Time labels from 0:00 no closer than `minSpacing` pixels across a plot `width` wide. */
export function timeTicks(end: number, width: number, minSpacing = 48): number[] {
  if (!(end > 0) || !(width > 0)) return [0];
  const maxCount = Math.max(1, Math.floor(width / minSpacing));
  const step = TIME_STEPS.find((s) => end / s <= maxCount) ?? Math.ceil(end / maxCount);
  const ticks: number[] = [];
  for (let tick = 0; tick <= end + 1e-9; tick += step) ticks.push(tick);
  return ticks;
}

/**
 * The samples split where measurements stop for a while (the athlete left the picture or
 * was hidden), so the line does not draw a straight guess across the gap. A gap is more than
 * three times the usual spacing, and at least half a second.
 */
export function splitAtGaps(samples: readonly MetricSample[]): MetricSample[][] {
  if (samples.length === 0) return [];
  const spacings = samples
    .slice(1)
    .map((sample, index) => sample[0] - samples[index]![0])
    .sort((a, b) => a - b);
  const usual = spacings[Math.floor(spacings.length / 2)] ?? 0;
  const maxGap = Math.max(0.5, usual * 3);
  const runs: MetricSample[][] = [[samples[0]!]];
  for (let index = 1; index < samples.length; index += 1) {
    const sample = samples[index]!;
    if (sample[0] - samples[index - 1]![0] > maxGap) runs.push([]);
    runs.at(-1)!.push(sample);
  }
  return runs;
}

/** The value at a time, read off the line between its neighbours; null in a gap or outside. */
export function valueAt(runs: readonly (readonly MetricSample[])[], time: number): number | null {
  for (const run of runs) {
    const first = run[0];
    const last = run.at(-1);
    if (!first || !last || time < first[0] - 1e-9 || time > last[0] + 1e-9) continue;
    const after = run.findIndex((sample) => sample[0] >= time);
    const right = run[after]!;
    const left = run[after - 1];
    if (!left || right[0] === left[0]) return right[1];
    return left[1] + ((time - left[0]) / (right[0] - left[0])) * (right[1] - left[1]);
  }
  return null;
}

/** Decimals a tick label needs for its step: 20 → 0, 0.5 → 1, 0.05 → 2. */
export function stepDecimals(step: number): number {
  if (!(step > 0)) return 0;
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

type ChartBox = { left: number; top: number; width: number; height: number };

export type MetricChartLayout = {
  plot: ChartBox;
  end: number;
  yTicks: number[];
  yDomain: [number, number];
  /** Decimals for the value labels on the axis. */
  tickDecimals: number;
  /** Decimals for values read off the line (hover, description). */
  decimals: number;
  xTicks: number[];
  x: (time: number) => number;
  y: (value: number) => number;
  /** The time under a horizontal position in the chart, clamped to the clip. */
  timeAt: (px: number) => number;
};

/** Room around the plot for the value labels on the left and the time labels below. */
const CHART_MARGIN = { top: 10, right: 10, bottom: 22, left: 40 } as const;

/**
 * The chart's scales for a `width` x `height` drawing: time runs from 0 to the end of the
 * clip (or the last sample, if later); values cover the samples and the target.
 */
export function metricChartLayout(
  series: MetricSeries,
  size: { width: number; height: number },
  duration: number | null,
): MetricChartLayout {
  const plot: ChartBox = {
    left: CHART_MARGIN.left,
    top: CHART_MARGIN.top,
    width: Math.max(1, size.width - CHART_MARGIN.left - CHART_MARGIN.right),
    height: Math.max(1, size.height - CHART_MARGIN.top - CHART_MARGIN.bottom),
  };
  const values = series.samples.map((sample) => sample[1]);
  if (series.target !== null) values.push(series.target);
  const low = values.length > 0 ? Math.min(...values) : 0;
  const high = values.length > 0 ? Math.max(...values) : 1;
  const { ticks: yTicks, domain: yDomain, step } = niceTicks(low, high, plot.height >= 120 ? 4 : 3);
  const lastTime = series.samples.at(-1)?.[0] ?? 0;
  const end = Math.max(duration ?? 0, lastTime) || 1;
  const x = (time: number) => plot.left + (Math.min(end, Math.max(0, time)) / end) * plot.width;
  const y = (value: number) =>
    plot.top + plot.height - ((value - yDomain[0]) / (yDomain[1] - yDomain[0])) * plot.height;
  const timeAt = (px: number) => Math.min(end, Math.max(0, ((px - plot.left) / plot.width) * end));
  return {
    plot,
    end,
    yTicks,
    yDomain,
    tickDecimals: stepDecimals(step),
    decimals: metricDecimals(high - low),
    xTicks: timeTicks(end, plot.width),
    x,
    y,
    timeAt,
  };
}

/** An SVG path through the run's samples. */
export function linePath(
  run: readonly MetricSample[],
  x: (time: number) => number,
  y: (value: number) => number,
): string {
  return run
    .map(([time, value], index) => `${index === 0 ? 'M' : 'L'}${round(x(time))},${round(y(value))}`)
    .join('');
}

/** At most `max` samples, evenly spaced, always keeping the first and the last. */
export function thinSamples(samples: readonly MetricSample[], max: number): MetricSample[] {
  if (samples.length <= max) return [...samples];
  const picked: MetricSample[] = [];
  for (let index = 0; index < max; index += 1) {
    picked.push(samples[Math.round((index * (samples.length - 1)) / (max - 1))]!);
  }
  return picked;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
