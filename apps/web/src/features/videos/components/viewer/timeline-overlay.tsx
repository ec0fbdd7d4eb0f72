import type { CoachingPoint } from '@filmroom/contract';
import { formatTimelineLabel } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { markerPercent } from '../../lib/timeline';

type TimelineOverlayProps = {
  points: readonly CoachingPoint[];
  duration: number;
  currentTime: number;
  activePoint: CoachingPoint | null;
  onSeek: (seconds: number) => void;
  /** Lifted above the native control bar while it shows. */
  raised: boolean;
};

/**
 * Spec §2: markers for the coaching points along the bottom; a click seeks to the point.
 * Nothing is drawn without points or without a known duration (spec §5).
 */
export function TimelineOverlay({
  points,
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
  if (placed.length === 0) return null;
  const playhead = markerPercent(currentTime, duration) ?? 0;

  return (
    <div
      className={cn(
        'pointer-events-none absolute inset-x-3 z-10 transition-[bottom] duration-200 sm:inset-x-4',
        // Chromium's control bar is about 64 px tall at any width.
        raised ? 'bottom-[4.25rem]' : 'bottom-3',
      )}
    >
      <div className="relative h-6">
        <div
          aria-hidden
          className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-white/30"
        >
          <div className="h-full rounded-full bg-white/70" style={{ width: `${playhead}%` }} />
        </div>
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
