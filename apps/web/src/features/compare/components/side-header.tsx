import { formatMoment, type MovementEvent } from '@filmroom/contract';
import { ChevronLeftIcon, ChevronRightIcon, CrosshairIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { SIDE_COLOUR } from '../lib/side-colours';
import type { SideKey } from '../lib/side-colours';

type SideHeaderProps = {
  side: SideKey;
  videoId: string;
  title: string;
  syncPoint: number;
  /** The side's key events when both sides are the same movement, else null. */
  events: readonly MovementEvent[] | null;
  onMark: () => void;
  onPickEvent: (event: MovementEvent) => void;
  /** Moves this side alone by whole frames (its sync point moves with it). */
  onStep: (frames: number) => void;
  /** Opens the library picker to put another video on this side. */
  onChangeVideo: () => void;
  className?: string;
};

/**
 * A side's name and its sync point: "Mark sync point" takes the frame it shows, a key event
 * picks a detected moment, and the frame buttons move this side alone to find the frame.
 */
export function SideHeader({
  side,
  videoId,
  title,
  syncPoint,
  events,
  onMark,
  onPickEvent,
  onStep,
  onChangeVideo,
  className,
}: SideHeaderProps) {
  const label = side.toUpperCase();
  const selectId = useId();
  const pickedEvent = events?.findIndex((event) => Math.abs(event.t - syncPoint) < 1e-3) ?? -1;
  return (
    <div
      role="group"
      aria-label={`Side ${label}`}
      data-testid={`compare-side-${side}`}
      className={className}
    >
      <div className="flex min-w-0 items-center gap-2">
        <span
          aria-hidden
          className="rounded-md px-2 py-0.5 text-xs font-bold text-black"
          style={{ backgroundColor: SIDE_COLOUR[side] }}
        >
          {label}
        </span>
        <Link to={`/videos/${videoId}`} className="truncate font-semibold hover:underline">
          {title}
        </Link>
        <Button
          variant="link"
          size="sm"
          className="ml-auto h-auto shrink-0 px-0"
          aria-label={`Change video ${label}`}
          onClick={onChangeVideo}
        >
          Change
        </Button>
      </div>
      <p className="text-sm text-muted-foreground" data-testid={`compare-sync-point-${side}`}>
        Sync point at {syncPoint.toFixed(2)} s
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={`Move ${label} back one frame`}
          onClick={() => onStep(-1)}
        >
          <ChevronLeftIcon aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label={`Move ${label} forward one frame`}
          onClick={() => onStep(1)}
        >
          <ChevronRightIcon aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onMark}
          aria-label={`Mark sync point on ${label}`}
        >
          <CrosshairIcon aria-hidden />
          Mark sync point
        </Button>
        {events ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              Key moment to sync {label} on
            </label>
            <NativeSelect
              id={selectId}
              wrapperClassName="min-w-0 flex-1 basis-40"
              className="h-8 py-1 md:text-sm"
              value={pickedEvent === -1 ? '' : String(pickedEvent)}
              onChange={(event) => {
                const picked = events[Number(event.target.value)];
                if (picked) onPickEvent(picked);
              }}
            >
              <option value="" disabled>
                Sync on a key moment…
              </option>
              {events.map((event, index) => (
                <option key={`${event.name}-${event.t}`} value={index}>
                  {event.label} · {formatMoment(event.t)}
                </option>
              ))}
            </NativeSelect>
          </>
        ) : null}
      </div>
    </div>
  );
}
