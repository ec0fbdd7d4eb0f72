import { formatMoment } from '@filmroom/contract';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';
import type { TimelineMarker } from './timeline-overlay';

/** The list's width at most; narrower on a timeline narrower than this. */
const LIST_WIDTH_PX = 320;

/** "4 notes between 0:04.2 and 0:04.8", or "2 notes at 0:04.2" when they share a moment. */
function clusterName(markers: readonly TimelineMarker[]): string {
  const first = formatMoment(markers[0]!.seconds);
  const last = formatMoment(markers.at(-1)!.seconds);
  const when = first === last ? `at ${first}` : `between ${first} and ${last}`;
  return `${markers.length} notes ${when}`;
}

/**
 * Markers that would overlap on the timeline, drawn as one with their count. Pressing it
 * opens the list of its notes above the timeline (focus moves into it; arrows move between
 * notes, Escape closes it and gives focus back); choosing one opens that note.
 */
export function TimelineMarkerCluster({
  markers,
  percent,
  laneWidth,
}: {
  markers: readonly TimelineMarker[];
  percent: number;
  /** The timeline's width in pixels: the list is kept within it. */
  laneWidth: number;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const name = clusterName(markers);
  // Starts just left of the cluster, but never past either end of the timeline.
  const listWidth = Math.min(LIST_WIDTH_PX, laneWidth);
  const listLeft = Math.max(
    0,
    Math.min(laneWidth - listWidth, (percent / 100) * laneWidth - LIST_WIDTH_PX / 4),
  );

  useEffect(() => {
    if (open) listRef.current?.querySelector('button')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(listRef.current?.querySelectorAll('button') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (event.key === 'Escape') {
      // Closes the list only, not the player's fullscreen or a dialog around it.
      event.stopPropagation();
      event.preventDefault();
      close();
    } else if (move !== undefined) {
      event.preventDefault();
      items[(index + move + items.length) % items.length]?.focus();
    }
  };

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`${name}: show them`}
        title={name}
        data-testid="timeline-annotation-cluster"
        style={{ left: `${percent}%` }}
        className={cn(
          'pointer-events-auto absolute bottom-0 grid h-4 min-w-4 -translate-x-1/2 place-items-center rounded-full border-[1.5px] border-white bg-black/85 px-1 text-[0.625rem] leading-none font-bold text-white shadow-md tabular-nums outline-none hover:scale-110 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-black',
          open && 'bg-white text-black',
        )}
      >
        {markers.length}
      </button>
      {open ? (
        <ul
          ref={listRef}
          id={listId}
          aria-label={name}
          onKeyDown={onListKey}
          onBlur={(event) => {
            // Closed once focus leaves the list for anything but its own button.
            const next = event.relatedTarget as Node | null;
            if (!next || (!listRef.current?.contains(next) && next !== toggleRef.current)) {
              setOpen(false);
            }
          }}
          data-testid="timeline-annotation-cluster-list"
          className="pointer-events-auto absolute bottom-6 z-20 grid gap-0.5 rounded-lg bg-black/85 p-1 text-xs text-white shadow-lg ring-1 ring-white/20 backdrop-blur-sm"
          style={{ left: listLeft, width: listWidth }}
        >
          {markers.map((marker) => (
            <li key={marker.key} className="min-w-0">
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  marker.onSelect();
                }}
                aria-label={marker.label}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left outline-none hover:bg-white/15 focus-visible:bg-white/20 focus-visible:ring-2 focus-visible:ring-white"
              >
                <span
                  aria-hidden
                  className={cn(
                    'size-2.5 shrink-0 rounded-full border border-white',
                    marker.muted && 'opacity-50',
                  )}
                  style={{ backgroundColor: marker.colour }}
                />
                <span className="shrink-0 font-mono tabular-nums">
                  {formatMoment(marker.seconds)}
                </span>
                <span className="min-w-0 truncate">{marker.summary ?? marker.label}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
