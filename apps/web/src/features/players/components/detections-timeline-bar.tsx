import type { PlayerDetection } from '@filmroom/contract';
import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import {
  detectionsTimeline,
  formatMarkerTime,
  markerLabel,
  timelineLabels,
  timelinePercent,
} from '../lib/detections-timeline';

type DetectionsTimelineBarProps = {
  detections: readonly PlayerDetection[];
  /** The analysed range the detections were found in: the bar spans it rather than 0:00 on. */
  range?: { start: number; end: number };
  currentTime: number;
  /** The marker time picked last, highlighted more strongly than the others (spec §2). */
  selected: number | null;
  onSelect: (timestamp: number) => void;
  /** Detect Players is running: the markers are about to be replaced. */
  busy?: boolean;
};

const NEXT_KEYS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => Math.min(last, index + 1),
  ArrowDown: (index, last) => Math.min(last, index + 1),
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowUp: (index) => Math.max(0, index - 1),
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * Spec §2 Detections timeline bar: a marker at each distinct detection time (grouped within
 * 0.1 s, taller with more detections), the playhead, and labels from 0:00 to the latest
 * detection. The markers are one Tab stop; arrow keys, Home and End move between them (a clip
 * of a minute has a hundred of them).
 */
export function DetectionsTimelineBar({
  detections,
  range,
  currentTime,
  selected,
  onSelect,
  busy = false,
}: DetectionsTimelineBarProps) {
  const { markers, start, end } = useMemo(
    () => detectionsTimeline(detections, range),
    [detections, range],
  );
  const [focused, setFocused] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  if (markers.length === 0) return null;

  const labels = timelineLabels(end, start);
  const playhead = timelinePercent(currentTime, end, start);
  const indexOf = (timestamp: number | null) =>
    markers.findIndex((marker) => marker.timestamp === timestamp);
  // The one Tab stop: the marker last focused, else the selected one, else the first.
  const tabStop = Math.max(0, indexOf(focused) >= 0 ? indexOf(focused) : indexOf(selected));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT_KEYS[event.key];
    const from = buttons.current.findIndex((button) => button === event.target);
    if (!next || from < 0) return;
    event.preventDefault();
    buttons.current[next(from, markers.length - 1)]?.focus();
  };

  return (
    <section
      aria-labelledby="detections-timeline-title"
      aria-busy={busy}
      className={cn('grid gap-2 rounded-lg border bg-card p-3', busy && 'opacity-60')}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id="detections-timeline-title" className="text-sm font-semibold">
          Detections timeline
        </h3>
        <p className="text-xs text-muted-foreground tabular-nums">
          {detections.length} {detections.length === 1 ? 'detection' : 'detections'} at{' '}
          {markers.length} {markers.length === 1 ? 'moment' : 'moments'}
        </p>
      </div>
      {/* Inset by half a marker so the first and last stay inside the card. */}
      <div className="relative mx-1.5 h-14 border-b border-border">
        {/* Before the markers, so a marker at the playback time stays visible on top of it. */}
        <div
          aria-hidden
          data-testid="detections-playhead"
          className="pointer-events-none absolute -inset-y-1 w-0.5 -translate-x-1/2 rounded-full bg-foreground/70 transition-[left] duration-200 ease-linear motion-reduce:transition-none"
          style={{ left: `${playhead}%` }}
        />
        <div
          role="toolbar"
          aria-label="Detections timeline"
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
        >
          {markers.map((marker, index) => {
            const isSelected = marker.timestamp === selected;
            const label = markerLabel(marker);
            return (
              <button
                key={marker.timestamp}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                tabIndex={index === tabStop ? 0 : -1}
                aria-label={label}
                aria-pressed={isSelected}
                title={label}
                onClick={() => onSelect(marker.timestamp)}
                onFocus={() => setFocused(marker.timestamp)}
                style={{ left: `${marker.leftPercent}%` }}
                className="group absolute bottom-0 z-10 flex h-full w-3 -translate-x-1/2 cursor-pointer items-end justify-center rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span
                  aria-hidden
                  style={{ height: `${marker.heightPercent}%` }}
                  className={cn(
                    'rounded-t-sm transition-colors',
                    isSelected
                      ? 'w-2.5 bg-primary ring-2 ring-primary/30'
                      : 'w-1.5 bg-primary/35 group-hover:bg-primary/70',
                  )}
                />
                {isSelected ? (
                  <span
                    aria-hidden
                    style={{ bottom: `calc(${marker.heightPercent}% + 0.25rem)` }}
                    className="absolute left-1/2 -translate-x-1/2 rounded bg-primary px-1 text-[0.65rem] leading-4 font-semibold whitespace-nowrap text-primary-foreground tabular-nums"
                  >
                    {formatMarkerTime(marker.timestamp)}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      </div>
      <div className="flex justify-between text-xs text-muted-foreground tabular-nums">
        <span>{labels.start}</span>
        <span>{labels.end}</span>
      </div>
    </section>
  );
}
