import type {
  Analysis,
  AthleteReading,
  MetricRecord,
  MetricSeries,
  MovementEvent,
} from '@filmroom/contract';
import { formatMetricValue } from '@/lib/metric-chart';
import type { MetricSample } from '@/lib/metric-chart';

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
    const delta = recordB.value - recordA.value;
    const rounded = Number(delta.toFixed(decimals));
    const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
    rows.push({
      key: metricKey(recordA),
      name: recordA.name,
      a: recordA.text,
      b: recordB.text,
      difference: Number.isFinite(delta)
        ? `${sign}${formatMetricValue(Math.abs(rounded), recordA.unit, decimals)}`
        : null,
    });
  }
  return rows;
}
