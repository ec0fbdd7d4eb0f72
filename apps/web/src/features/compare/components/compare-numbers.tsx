import { ChartYGrid } from '@/components/chart-y-grid';
import { useId, useMemo, useRef } from 'react';
import { useElementSize } from '@/hooks/use-element-size';
import {
  formatMetricValue,
  linePath,
  niceTicks,
  splitAtGaps,
  stepDecimals,
} from '@/lib/metric-chart';
import type { MetricSample } from '@/lib/metric-chart';
import type { alignedKeyMetrics, MetricRow } from '../lib/compare-numbers';
import { SIDE_COLOUR } from '../lib/side-colours';
import { formatSharedTime } from '../lib/sync';

type AlignedChart = Extract<ReturnType<typeof alignedKeyMetrics>, { kind: 'chart' }>;

const HEIGHT = 180;
const MARGIN = { top: 10, right: 12, bottom: 22, left: 40 } as const;

/**
 * Both key metrics on one time axis whose zero is the sync point (the analysis chart's maths,
 * with time relative instead of from the start): where one take bends deeper or sooner shows
 * as a gap between the lines.
 */
function AlignedMetricChart({
  chart,
  range,
  sharedTime,
}: {
  chart: AlignedChart;
  range: { start: number; end: number };
  sharedTime: number;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(containerRef);
  const id = useId();
  const runs = useMemo(
    () => ({ a: splitAtGaps(chart.a), b: splitAtGaps(chart.b) }),
    [chart.a, chart.b],
  );
  const inRange = (samples: readonly MetricSample[]) =>
    samples.filter(([time]) => time >= range.start - 1e-6 && time <= range.end + 1e-6);
  const values = [...inRange(chart.a), ...inRange(chart.b)].map(([, value]) => value);
  if (chart.target !== null) values.push(chart.target);
  const plot = {
    left: MARGIN.left,
    top: MARGIN.top,
    width: Math.max(1, width - MARGIN.left - MARGIN.right),
    height: HEIGHT - MARGIN.top - MARGIN.bottom,
  };
  const y = niceTicks(Math.min(...values, Infinity), Math.max(...values, -Infinity), 4);
  const x = niceTicks(range.start, range.end, Math.max(2, Math.floor(plot.width / 70)));
  const span = Math.max(1e-6, range.end - range.start);
  const xOf = (time: number) =>
    plot.left +
    ((Math.min(range.end, Math.max(range.start, time)) - range.start) / span) * plot.width;
  const yOf = (value: number) =>
    plot.top + plot.height - ((value - y.domain[0]) / (y.domain[1] - y.domain[0])) * plot.height;
  const clip = (run: readonly MetricSample[]) => inRange(run);
  const title = chart.unit ? `${chart.name} (${chart.unit})` : chart.name;

  return (
    <figure aria-labelledby={`${id}-title`} className="grid gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span id={`${id}-title`} className="text-sm font-semibold">
          {title}, aligned at the sync point
        </span>
        <span aria-hidden className="flex items-center gap-3 text-xs text-muted-foreground">
          {(['a', 'b'] as const).map((side) => (
            <span key={side} className="flex items-center gap-1.5">
              <span className="w-4 border-t-2" style={{ borderColor: SIDE_COLOUR[side] }} />
              {side.toUpperCase()}
            </span>
          ))}
        </span>
      </figcaption>
      <div ref={containerRef} className="h-[180px] w-full">
        {width > 0 ? (
          <svg
            role="img"
            aria-label={`${chart.name} of A and B over time, aligned at the sync point`}
            data-testid="compare-metric-chart"
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            className="block overflow-visible"
          >
            <g className="text-[10px] tabular-nums">
              <ChartYGrid
                ticks={y.ticks}
                y={yOf}
                left={plot.left}
                width={plot.width}
                label={(tick) =>
                  formatMetricValue(tick, chart.unit === '°' ? '°' : '', stepDecimals(y.step))
                }
              />
              {x.ticks
                .filter((tick) => tick >= range.start - 1e-6 && tick <= range.end + 1e-6)
                .map((tick) => (
                  <text
                    key={`x${tick}`}
                    x={xOf(tick)}
                    y={plot.top + plot.height + 15}
                    textAnchor="middle"
                    className="fill-muted-foreground"
                  >
                    {tick === 0 ? '0' : `${tick > 0 ? '+' : '−'}${Math.abs(tick)}s`}
                  </text>
                ))}
            </g>
            {chart.target === null ? null : (
              <line
                x1={plot.left}
                x2={plot.left + plot.width}
                y1={yOf(chart.target)}
                y2={yOf(chart.target)}
                className="stroke-muted-foreground"
                strokeDasharray="5 4"
              />
            )}
            {(['a', 'b'] as const).map((side) =>
              runs[side].map((run, index) => (
                <path
                  key={`${side}${index}`}
                  data-testid={`compare-metric-line-${side}`}
                  d={linePath(clip(run), xOf, yOf)}
                  fill="none"
                  stroke={SIDE_COLOUR[side]}
                  strokeWidth={2}
                  strokeLinejoin="round"
                />
              )),
            )}
            <line
              x1={xOf(0)}
              x2={xOf(0)}
              y1={plot.top}
              y2={plot.top + plot.height}
              className="stroke-foreground"
              strokeDasharray="2 3"
            >
              <title>Sync point</title>
            </line>
            <line
              data-testid="compare-metric-playhead"
              x1={xOf(sharedTime)}
              x2={xOf(sharedTime)}
              y1={plot.top - 4}
              y2={plot.top + plot.height}
              className="stroke-foreground"
              strokeWidth={1.5}
            />
          </svg>
        ) : null}
      </div>
      <p className="sr-only">
        Time runs from {formatSharedTime(range.start)} to {formatSharedTime(range.end)} around the
        sync point.
      </p>
    </figure>
  );
}

/** Matching measures of A and B in rows, with B − A. */
function MetricTable({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: readonly MetricRow[];
  testId: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="pb-1 text-left text-sm font-semibold">{title}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Metric
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              A
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              B
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Difference (B − A)
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-metric={row.key} className="border-b last:border-0">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {row.name}
              </th>
              <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">{row.a}</td>
              <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">{row.b}</td>
              <td className="py-1.5 text-right font-medium whitespace-nowrap tabular-nums">
                {row.difference ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type CompareNumbersProps = {
  chart: ReturnType<typeof alignedKeyMetrics>;
  /** The key metric at each side's own synced rep. */
  repRows: readonly MetricRow[];
  /** The whole-clip records both analyses quote. */
  rows: readonly MetricRow[];
  /** Both sides are one video: its whole-clip numbers are the same on both. */
  sameVideo: boolean;
  range: { start: number; end: number };
  sharedTime: number;
};

/**
 * The numbers of both takes side by side: the key metric over time, each side's synced rep,
 * and the whole-clip measures.
 */
export function CompareNumbers({
  chart,
  repRows,
  rows,
  sameVideo,
  range,
  sharedTime,
}: CompareNumbersProps) {
  return (
    <section
      aria-labelledby="compare-numbers-title"
      className="grid gap-4 rounded-xl border bg-card p-4"
    >
      <h2 id="compare-numbers-title" className="font-semibold">
        Numbers side by side
      </h2>
      {chart.kind === 'chart' ? (
        <AlignedMetricChart chart={chart} range={range} sharedTime={sharedTime} />
      ) : (
        <p className="text-sm text-muted-foreground">{chart.reason}</p>
      )}
      {repRows.length > 0 ? (
        <MetricTable
          title={`${chart.kind === 'chart' ? chart.name : 'The key metric'} at each side’s synced rep`}
          rows={repRows}
          testId="compare-rep-numbers"
        />
      ) : null}
      {sameVideo ? (
        // The same records on both sides would read ±0 everywhere and say nothing about the reps.
        <p className="text-sm text-muted-foreground" data-testid="compare-same-video">
          Both sides are the same video, so its whole-clip numbers are the same on both: compare the
          reps above.
        </p>
      ) : rows.length > 0 ? (
        <MetricTable title="Whole clip" rows={rows} testId="compare-clip-numbers" />
      ) : (
        <p className="text-sm text-muted-foreground">
          No measured numbers both takes share yet: they appear once both videos are analysed as the
          same movement.
        </p>
      )}
    </section>
  );
}
