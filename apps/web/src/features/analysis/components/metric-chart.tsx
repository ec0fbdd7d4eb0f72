import { ChartYGrid } from '@/components/chart-y-grid';
import { formatMoment, type CoachingPoint, type MetricSeries } from '@filmroom/contract';
import { useId, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { useElementSize } from '@/hooks/use-element-size';
import { formatPointTimestamp, formatTimelineLabel } from '@/lib/format-time';
import {
  formatMetricValue,
  linePath,
  metricChartLayout,
  metricSummary,
  metricTitle,
  splitAtGaps,
  thinSamples,
  valueAt,
} from '@/lib/metric-chart';

type MetricChartProps = {
  series: MetricSeries;
  /** The clip's length, so the time axis spans the whole video. */
  duration: number | null;
  currentTime: number;
  coachingPoints: readonly CoachingPoint[];
  onSeek: (seconds: number) => void;
};

const HEIGHT = 176;
/** Rows in the table read to screen readers: enough to follow the curve, not hundreds. */
const TABLE_ROWS = 25;

/**
 * One measure of the athlete over the clip (beyond the spec), drawn by hand in SVG: a chart
 * library would weigh more than the rest of this tab. A click seeks the video to that moment;
 * keyboard users have the coaching points and the player's own controls for the same.
 */
export function MetricChart({
  series,
  duration,
  currentTime,
  coachingPoints,
  onSeek,
}: MetricChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(containerRef);
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const id = useId();
  const runs = useMemo(() => splitAtGaps(series.samples), [series.samples]);
  const summary = metricSummary(series);
  const title = metricTitle(series);
  const layout = metricChartLayout(series, { width, height: HEIGHT }, duration);
  const { plot, x, y } = layout;
  const value = (number: number) => formatMetricValue(number, series.unit, layout.decimals);
  const plotBottom = plot.top + plot.height;

  const timeFromPointer = (event: MouseEvent<SVGSVGElement>) =>
    layout.timeAt(event.clientX - event.currentTarget.getBoundingClientRect().left);
  const hoverValue = hoverTime === null ? null : valueAt(runs, hoverTime);

  return (
    <figure aria-labelledby={`${id}-title`} className="grid gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span id={`${id}-title`} className="text-sm font-semibold">
          {title}
        </span>
        <span aria-hidden className="flex items-center gap-3 text-xs text-muted-foreground">
          {series.target === null ? null : (
            <span className="flex items-center gap-1.5">
              <span className="w-4 border-t-2 border-dashed border-amber-600 dark:border-amber-400" />
              Target {value(series.target)}
            </span>
          )}
          {coachingPoints.length > 0 ? (
            <span className="flex items-center gap-1.5">
              <span className="size-2.5 rounded-full border-[1.5px] border-foreground bg-signal" />
              Coaching point
            </span>
          ) : null}
        </span>
      </figcaption>
      {/* The legend above names the target and the dots; the tooltip says what a click does. */}
      <div ref={containerRef} title="Click to jump to that moment" className="relative h-44 w-full">
        {width > 0 ? (
          <svg
            role="img"
            aria-label={summary.label}
            aria-describedby={`${id}-description`}
            data-testid="metric-chart"
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            className="block cursor-crosshair touch-manipulation overflow-visible select-none"
            onClick={(event) => onSeek(timeFromPointer(event))}
            onPointerMove={(event) => setHoverTime(timeFromPointer(event))}
            onPointerLeave={() => setHoverTime(null)}
          >
            <defs>
              <linearGradient id={`${id}-fill`} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.22} />
                <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0} />
              </linearGradient>
            </defs>
            {/* Transparent, so a click anywhere on the plot counts. */}
            <rect
              x={plot.left}
              y={plot.top}
              width={plot.width}
              height={plot.height}
              fill="transparent"
            />
            <g className="text-[10px] tabular-nums" fill="currentColor">
              <ChartYGrid
                ticks={layout.yTicks}
                y={y}
                left={plot.left}
                width={plot.width}
                // Degrees and percentages fit beside the number; longer units are in the title.
                label={(tick) =>
                  formatMetricValue(
                    tick,
                    series.unit === '°' || series.unit === '%' ? series.unit : '',
                    layout.tickDecimals,
                  )
                }
              />
              {layout.xTicks.map((tick, index) => (
                <text
                  key={`x${tick}`}
                  x={x(tick)}
                  y={plotBottom + 15}
                  // The first label starts at the axis and the last ends at the edge.
                  textAnchor={
                    index === 0
                      ? 'start'
                      : index === layout.xTicks.length - 1 && x(tick) > plot.left + plot.width - 14
                        ? 'end'
                        : 'middle'
                  }
                  className="fill-muted-foreground"
                >
                  {formatTimelineLabel(tick)}
                </text>
              ))}
            </g>
            {runs.map((run, index) => (
              <g key={index}>
                <path
                  d={`${linePath(run, x, y)}L${x(run.at(-1)![0])},${plotBottom}L${x(run[0]![0])},${plotBottom}Z`}
                  fill={`url(#${id}-fill)`}
                />
                <path
                  d={linePath(run, x, y)}
                  fill="none"
                  className="stroke-primary"
                  strokeWidth={2}
                  strokeLinejoin="round"
                  strokeLinecap="round"
                />
              </g>
            ))}
            {series.target === null ? null : (
              <line
                data-testid="metric-target"
                x1={plot.left}
                x2={plot.left + plot.width}
                y1={y(series.target)}
                y2={y(series.target)}
                className="stroke-amber-600 dark:stroke-amber-400"
                strokeWidth={1.5}
                strokeDasharray="5 4"
              />
            )}
            {coachingPoints.map((point) => {
              const at = valueAt(runs, point.timestamp);
              return (
                <circle
                  key={`${point.timestamp}-${point.title}`}
                  data-testid="metric-coaching-point"
                  cx={x(point.timestamp)}
                  cy={at === null ? plotBottom : y(at)}
                  r={4}
                  className="fill-signal stroke-foreground"
                  strokeWidth={1.5}
                >
                  <title>{`${point.title} · ${formatPointTimestamp(point.timestamp)}`}</title>
                </circle>
              );
            })}
            <line
              data-testid="metric-playhead"
              x1={x(currentTime)}
              x2={x(currentTime)}
              y1={plot.top - 4}
              y2={plotBottom}
              className="stroke-foreground"
              strokeWidth={1.5}
            />
            {hoverTime === null ? null : (
              <g aria-hidden className="pointer-events-none">
                <line
                  x1={x(hoverTime)}
                  x2={x(hoverTime)}
                  y1={plot.top}
                  y2={plotBottom}
                  className="stroke-muted-foreground"
                  strokeDasharray="2 3"
                />
                <text
                  // Beside the line, on its left near the right edge so it stays readable.
                  x={x(hoverTime) + (x(hoverTime) > plot.left + plot.width / 2 ? -6 : 6)}
                  y={plot.top + 10}
                  textAnchor={x(hoverTime) > plot.left + plot.width / 2 ? 'end' : 'start'}
                  className="fill-foreground text-[10px] font-semibold tabular-nums"
                  paintOrder="stroke"
                  stroke="var(--color-card)"
                  strokeWidth={3}
                >
                  {formatTimelineLabel(hoverTime)}
                  {hoverValue === null ? '' : ` · ${value(hoverValue)}`}
                </text>
              </g>
            )}
          </svg>
        ) : null}
      </div>
      <p id={`${id}-description`} className="sr-only">
        {summary.description}
      </p>
      {/*
        The clipping is the wrapper's: a table ignores the 1 px width and hidden overflow that
        sr-only gives it, takes its (nowrap) contents' width and widened the page sideways.
      */}
      <div className="sr-only">
        <table>
          <caption>{title}, measured over the clip</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">{series.name}</th>
            </tr>
          </thead>
          <tbody>
            {thinSamples(series.samples, TABLE_ROWS).map(([time, sample]) => (
              <tr key={time}>
                <td>{formatMoment(time)}</td>
                <td>{value(sample)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
