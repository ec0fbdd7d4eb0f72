import type { CoachingPoint } from '@filmroom/contract';
import { formatTimelineLabel } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { markerPercent } from '../../lib/timeline';

/** A marker another feature puts on the timeline (an annotation), in its own lane. */
export type TimelineMarker = {
  key: string;
  seconds: number;
  /** The accessible name and tooltip. */
  label: string;
  /** A CSS colour for the marker's fill. */
  colour: string;
  onSelect: () => void;
};

type TimelineOverlayProps = {
  points: readonly CoachingPoint[];
  /** Drawn in a lane above the coaching points, so two at the same moment stay apart. */
  extraMarkers?: readonly TimelineMarker[];
  duration: number;
  currentTime: number;
  activePoint: CoachingPoint | null;
  onSeek: (seconds: number) => void;
  /** Lifted above the native control bar while it shows. */
  raised: boolean;
};

/**
 * Spec §2: markers for the coaching points along the bottom; a click seeks to the point. Other
 * features' markers (annotations) get a lane above. Nothing is drawn without markers or
 * without a known duration (spec §5).
 */
export function TimelineOverlay({
  points,
  extraMarkers = [],
  duration,
  currentTime,
  activePoint,
  onSeek,
  raised,
}: TimelineOverlayProps) {
  const placed = points
    .map((point) => ({ point, percent: markerPercent(point.timestamp, duration) }))
    .filter(
      (marker): marker is { point: CoachingPoint; percent: number } => marker.percent !== null,
    );
  const placedExtras = extraMarkers
    .map((marker) => ({ marker, percent: markerPercent(marker.seconds, duration) }))
    .filter(
      (extra): extra is { marker: TimelineMarker; percent: number } => extra.percent !== null,
    );
  if (placed.length === 0 && placedExtras.length === 0) return null;
  const playhead = markerPercent(currentTime, duration) ?? 0;

  return (
    <div
      className={cn(
        'pointer-events-none absolute inset-x-3 z-10 transition-[bottom] duration-200 sm:inset-x-4',
        // Chromium's control bar is about 64 px tall at any width.
        raised ? 'bottom-[4.25rem]' : 'bottom-3',
      )}
    >
      {placedExtras.length > 0 ? (
        <ol aria-label="Annotations on the timeline" className="relative h-3.5">
          {placedExtras.map(({ marker, percent }) => (
            <li key={marker.key}>
              <button
                type="button"
                onClick={marker.onSelect}
                aria-label={marker.label}
                title={marker.label}
                data-testid="timeline-annotation-marker"
                style={{ left: `${percent}%`, backgroundColor: marker.colour }}
                // A diamond, unlike the coaching points' discs.
                className="pointer-events-auto absolute bottom-0 size-3 -translate-x-1/2 rotate-45 rounded-[3px] border-[1.5px] border-white shadow-md transition-transform outline-none hover:scale-125 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-black"
              />
            </li>
          ))}
        </ol>
      ) : null}
      <div className="relative h-6">
        <div
          aria-hidden
          className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-white/30"
        >
          <div className="h-full rounded-full bg-white/70" style={{ width: `${playhead}%` }} />
        </div>
        {placed.length > 0 ? (
          <ol aria-label="Coaching points">
            {placed.map(({ point, percent }) => {
              const active = point === activePoint;
              const label = formatTimelineLabel(point.timestamp);
              return (
                <li key={`${point.timestamp}-${point.title}`}>
                  <button
                    type="button"
                    onClick={() => onSeek(point.timestamp)}
                    aria-label={`${label} ${point.title}`}
                    aria-current={active ? 'true' : undefined}
                    title={`${label} · ${point.title}`}
                    style={{ left: `${percent}%` }}
                    className={cn(
                      'pointer-events-auto absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-signal shadow-md transition-transform outline-none hover:scale-125 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-black',
                      active && 'scale-125 bg-white',
                    )}
                  />
                </li>
              );
            })}
          </ol>
        ) : null}
      </div>
      <div
        aria-hidden
        className="mt-0.5 flex justify-between text-[0.65rem] font-semibold text-white/85 tabular-nums [text-shadow:0_1px_2px_rgb(0_0_0/0.8)]"
      >
        <span>{formatTimelineLabel(0)}</span>
        <span>{formatTimelineLabel(duration)}</span>
      </div>
    </div>
  );
}
