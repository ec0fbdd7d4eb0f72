import type {
  Analysis,
  AthleteReading,
  MetricRecord,
  MetricSeries,
  MovementEvent,
} from '@filmroom/contract';
import { formatMetricValue } from '@/lib/metric-chart';
import type { MetricSample } from '@/lib/metric-chart';
import { repName, sideRepNumbers, type SideRepNumbers } from './rep-numbers';

/** The athlete a comparison is about on each side: the first reading, the one the chart follows. */
export function mainReading(analysis: Analysis | null | undefined): AthleteReading | null {
  return analysis?.athletes?.[0] ?? null;
}

/**
 * Key events to sync on, offered only when both sides are the same movement: the bottom of a
 * squat means nothing against a golf swing's impact.
 */
export function syncableEvents(
  a: AthleteReading | null,
  b: AthleteReading | null,
): { a: MovementEvent[]; b: MovementEvent[] } | null {
  if (!a || !b || a.movement !== b.movement) return null;
  if (a.events.length === 0 || b.events.length === 0) return null;
  return { a: a.events, b: b.events };
}

/** A series moved onto the shared axis: its times become seconds from the side's sync point. */
function alignSeries(series: MetricSeries, syncPoint: number): MetricSample[] {
  return series.samples.map(([time, value]) => [time - syncPoint, value] as const);
}

/** Both key metrics on one axis, or why not: different measures would share only a scale. */
export function alignedKeyMetrics(
  a: { series: MetricSeries | null | undefined; syncPoint: number },
  b: { series: MetricSeries | null | undefined; syncPoint: number },
):
  | {
      kind: 'chart';
      name: string;
      unit: string;
      target: number | null;
      a: MetricSample[];
      b: MetricSample[];
    }
  | { kind: 'none'; reason: string } {
  if (!a.series || !b.series) {
    return { kind: 'none', reason: 'A key metric over time needs the analysis of both videos.' };
  }
  if (a.series.name !== b.series.name || a.series.unit !== b.series.unit) {
    return {
      kind: 'none',
      reason: `The two takes measure different things (${a.series.name}, ${b.series.name}).`,
    };
  }
  return {
    kind: 'chart',
    name: a.series.name,
    unit: a.series.unit,
    target: a.series.target ?? b.series.target,
    a: alignSeries(a.series, a.syncPoint),
    b: alignSeries(b.series, b.syncPoint),
  };
}

export type MetricRow = {
  key: string;
  name: string;
  a: string;
  b: string;
  /** B minus A, signed, in the metric's unit; null when the two are not comparable numbers. */
  difference: string | null;
};

/** "a1.tempo_ratio" and "a2.tempo_ratio" are the same measure of different athletes. */
function metricKey(record: MetricRecord): string {
  return `${record.id.replace(/^a\d+\./, '')}|${record.unit}`;
}

function decimalsOf(text: string): number {
  const match = /\d+\.(\d+)/.exec(text);
  return match ? match[1]!.length : 0;
}

/**
 * The measures both takes have, in A's order, each as the analysis quotes it and their
 * difference (B − A) at the precision of the quoted numbers.
 */
export function matchingMetrics(a: AthleteReading | null, b: AthleteReading | null): MetricRow[] {
  if (!a || !b) return [];
  const byKey = new Map(b.metrics.map((record) => [metricKey(record), record]));
  const rows: MetricRow[] = [];
  for (const recordA of a.metrics) {
    const recordB = byKey.get(metricKey(recordA));
    if (!recordB) continue;
    const decimals = Math.max(decimalsOf(recordA.text), decimalsOf(recordB.text));
    rows.push({
      key: metricKey(recordA),
      name: recordA.name,
      a: recordA.text,
      b: recordB.text,
      difference: differenceText(recordA.value, recordB.value, recordA.unit, decimals),
    });
  }
  return rows;
}

/** B − A, signed ("+4°", "−0.12 trunk lengths", "±0°"), at the precision the values are quoted. */
function differenceText(a: number, b: number, unit: string, decimals: number): string | null {
  const delta = b - a;
  if (!Number.isFinite(delta)) return null;
  const rounded = Number(delta.toFixed(decimals));
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
  return `${sign}${formatMetricValue(Math.abs(rounded), unit, decimals)}`;
}

/** Decimals a series' values are quoted at: whole degrees, as the records write angles. */
function seriesDecimals(unit: string): number {
  return unit === '°' || unit === '%' ? 0 : 2;
}

type RepSide = {
  series: MetricSeries | null | undefined;
  events: readonly MovementEvent[];
  syncPoint: number;
};

/**
 * The key metric read on each side at its own synced rep: which rep, the value at the sync
 * point, and the rep's lowest and highest. Two reps of one clip differ here, where the
 * whole-clip records are the same on both sides. Empty unless both sides measure the same thing.
 */
export function syncedRepRows(a: RepSide, b: RepSide): MetricRow[] {
  if (!a.series || !b.series) return [];
  if (a.series.name !== b.series.name || a.series.unit !== b.series.unit) return [];
  // The table's caption names the measure (the chart's): the rows stay short on a phone.
  const { unit } = a.series;
  const decimals = seriesDecimals(unit);
  const numbers = {
    a: sideRepNumbers(a.series, a.events, a.syncPoint),
    b: sideRepNumbers(b.series, b.events, b.syncPoint),
  };
  const where = numbers.a.rep || numbers.b.rep ? 'in the rep' : 'in the clip';
  const row = (key: string, label: string, pick: (side: SideRepNumbers) => number | null) => {
    const [valueA, valueB] = [pick(numbers.a), pick(numbers.b)];
    const text = (value: number | null) =>
      value === null ? '—' : formatMetricValue(value, unit, decimals);
    return {
      key,
      name: label,
      a: text(valueA),
      b: text(valueB),
      difference:
        valueA === null || valueB === null ? null : differenceText(valueA, valueB, unit, decimals),
    };
  };
  return [
    {
      key: 'rep',
      name: 'Synced on',
      a: repName(numbers.a.rep),
      b: repName(numbers.b.rep),
      difference: null,
    },
    row('at-sync-point', 'At the sync point', (side) => side.atSyncPoint),
    row('rep-low', `Lowest frame ${where}`, (side) => side.low),
    row('rep-high', `Highest frame ${where}`, (side) => side.high),
  ];
}
