import { formatMoment } from '@filmroom/contract';
import { useId, useRef } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { ChartYGrid } from '@/components/chart-y-grid';
import { useElementSize } from '@/hooks/use-element-size';
import { formatTimelineLabel } from '@/lib/format-time';
import {
  formatMetricValue,
  linePath,
  metricChartLayout,
  type MetricSample,
} from '@/lib/metric-chart';

type MeasureChartProps = {
  title: string;
  unit: string;
  /** [clip seconds, value], in time order. */
  samples: readonly MetricSample[];
  decimals: number;
  duration: number | null;
  currentTime: number;
  onSeek: (seconds: number) => void;
  /** Mark the lowest and highest sample (an angle's range of motion). */
  markExtremes?: boolean;
  testId: string;
};

const HEIGHT = 160;

/**
 * A measured series over the clip with a cursor that follows the playhead. A click seeks the
 * video there; with the chart focused, the arrow keys step the video sample by sample, and the
 * chart says the value under the cursor to a screen reader.
 */
export function MeasureChart({
  title,
  unit,
  samples,
  decimals,
  duration,
  currentTime,
  onSeek,
  markExtremes = false,
  testId,
}: MeasureChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { width } = useElementSize(containerRef);
  const id = useId();
  const layout = metricChartLayout(
    {
      name: title,
      unit,
      target: null,
      samples: samples.map(([t, v]) => [t, v] as [number, number]),
    },
    { width, height: HEIGHT },
    duration,
  );
  const { plot, x, y } = layout;
  const value = (number: number) => formatMetricValue(number, unit, decimals);
  const nearestIndex = samples.reduce(
    (best, sample, index) =>
      Math.abs(sample[0] - currentTime) < Math.abs(samples[best]![0] - currentTime) ? index : best,
    0,
  );
  const now = samples[nearestIndex];
  let low = samples[0];
  let high = samples[0];
  for (const sample of samples) {
    if (low && sample[1] < low[1]) low = sample;
    if (high && sample[1] > high[1]) high = sample;
  }

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = samples[Math.min(samples.length - 1, Math.max(0, nearestIndex + step))];
    if (next) onSeek(next[0]);
  };
  const timeFromPointer = (event: MouseEvent<SVGSVGElement>) =>
    layout.timeAt(event.clientX - event.currentTarget.getBoundingClientRect().left);

  return (
    <figure aria-labelledby={`${id}-title`} className="grid gap-1.5">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span id={`${id}-title`} className="font-semibold">
          {title}
        </span>
        {markExtremes && low && high ? (
          <span className="text-xs text-muted-foreground tabular-nums">
            Min {value(low[1])} at {formatMoment(low[0])} · Max {value(high[1])} at{' '}
            {formatMoment(high[0])}
          </span>
        ) : null}
      </figcaption>
      <div ref={containerRef} title="Click to jump to that moment" className="h-40 w-full">
        {width > 0 ? (
          <svg
            role="slider"
            tabIndex={0}
            aria-label={`${title}: the video's moment on the chart`}
            aria-valuemin={0}
            aria-valuemax={Math.round(layout.end * 10) / 10}
            aria-valuenow={Math.round(currentTime * 10) / 10}
            aria-valuetext={now ? `${formatMoment(now[0])}: ${value(now[1])}` : 'No value here'}
            data-testid={testId}
            width={width}
            height={HEIGHT}
            className="block cursor-crosshair rounded-md outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
            onClick={(event) => onSeek(timeFromPointer(event))}
            onKeyDown={onKeyDown}
          >
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
                label={(tick) =>
                  formatMetricValue(tick, unit === '°' ? unit : '', layout.tickDecimals)
                }
              />
              {layout.xTicks.map((tick) => (
                <text
                  key={tick}
                  x={x(tick)}
                  y={plot.top + plot.height + 15}
                  textAnchor="middle"
                  className="fill-muted-foreground"
                >
                  {formatTimelineLabel(tick)}
                </text>
              ))}
            </g>
            <path
              d={linePath(samples, x, y)}
              fill="none"
              className="stroke-primary"
              strokeWidth={2}
            />
            {markExtremes && low && high
              ? [
                  { sample: low, label: 'min' },
                  { sample: high, label: 'max' },
                ].map(({ sample, label }) => (
                  <g key={label} data-testid={`${testId}-${label}`}>
                    <circle
                      cx={x(sample[0])}
                      cy={y(sample[1])}
                      r={4}
                      className="fill-background stroke-primary"
                      strokeWidth={2}
                    />
                    <text
                      x={x(sample[0])}
                      y={y(sample[1]) + (label === 'min' ? 14 : -7)}
                      textAnchor="middle"
                      className="fill-foreground text-[10px] font-semibold"
                    >
                      {label}
                    </text>
                  </g>
                ))
              : null}
            <line
              data-testid={`${testId}-cursor`}
              x1={x(currentTime)}
              x2={x(currentTime)}
              y1={plot.top}
              y2={plot.top + plot.height}
              className="stroke-signal"
              strokeWidth={2}
            />
          </svg>
        ) : null}
      </div>
    </figure>
  );
}
