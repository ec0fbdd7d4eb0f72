import type { CoachingPoint } from '@filmroom/contract';
import { LightbulbIcon } from 'lucide-react';
import { useState } from 'react';
import { formatPointTimestamp } from '@/lib/format-time';
import { cn } from '@/lib/utils';

type CoachingPointCardProps = {
  point: CoachingPoint | null;
  /**
   * `overlay` sits over the picture (from 640 px); on a phone the frame is too small to
   * cover, so `below` shows the card under it, in a space kept for it so nothing jumps.
   */
  placement: 'overlay' | 'below';
};

/**
 * The active coaching point (spec §2, §4). It slides and fades in; when the point ends it
 * plays the same backwards, still showing the last point's words while it goes. The global
 * reduced-motion rule shortens both to nothing.
 */
export function CoachingPointCard({ point, placement }: CoachingPointCardProps) {
  const [lastPoint, setLastPoint] = useState(point);
  if (point && point !== lastPoint) setLastPoint(point);
  const shown = point ?? lastPoint;
  const open = point !== null;
  const overlay = placement === 'overlay';

  const card = shown ? (
    <div
      data-state={open ? 'open' : 'closed'}
      data-testid="coaching-point-card"
      aria-hidden={!open}
      inert={!open}
      className={cn(
        'rounded-xl border p-3 shadow-xl sm:p-4',
        overlay
          ? 'absolute top-14 right-3 z-10 w-[min(20rem,45%)] border-white/15 bg-black/70 text-white backdrop-blur-md'
          : 'relative bg-card text-card-foreground',
        'transition-[opacity,translate,visibility] duration-300 ease-out motion-reduce:transition-none',
        'starting:translate-y-2 starting:opacity-0',
        'data-[state=closed]:invisible data-[state=closed]:translate-y-2 data-[state=closed]:opacity-0',
      )}
    >
      <div role="status" aria-live="polite" className="grid gap-1">
        <p
          className={cn(
            'flex items-center gap-1.5 text-[0.7rem] font-semibold tracking-wide uppercase',
            overlay ? 'text-signal' : 'text-primary',
          )}
        >
          <LightbulbIcon className="size-3.5" aria-hidden />
          {shown.type} · {formatPointTimestamp(shown.timestamp)}
        </p>
        <p className="text-sm leading-snug font-semibold">{shown.title}</p>
        <p
          className={cn(
            'line-clamp-4 text-sm',
            overlay ? 'text-white/85' : 'text-muted-foreground',
          )}
        >
          {shown.description}
        </p>
      </div>
    </div>
  ) : null;

  if (overlay) return <div className="max-sm:hidden">{card}</div>;
  return (
    <div className="grid min-h-24 sm:hidden">
      {/* Until a point plays, the kept space says what it is for. */}
      <p
        className={cn(
          'col-start-1 row-start-1 self-center text-center text-xs text-muted-foreground transition-opacity',
          open && 'opacity-0',
        )}
      >
        Coaching tips show here as the video reaches each point.
      </p>
      {card ? <div className="col-start-1 row-start-1">{card}</div> : null}
    </div>
  );
}
