import type { TagEvent } from '@filmroom/contract';
import { Undo2Icon, ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import {
  useCallback,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type WheelEvent,
} from 'react';
import { Button } from '@/components/ui/button';
import { formatPointTimestamp } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import {
  MIN_BAR_PX,
  NUDGE_SECONDS,
  ZOOM_LEVELS,
  eventsInView,
  movedEdge,
  steppedZoom,
  timelineRowsOf,
  type TimelineRows,
} from '../lib/timeline-layout';
import { TIMELINE_OWNS_UNDO } from '../lib/tag-hotkeys';

type Edge = 'start' | 'end';

type TagTimelineProps = {
  events: readonly TagEvent[];
  duration: number;
  onPlay: (event: TagEvent) => void;
  /** Given to editors: they adjust in and out, and delete (with undo). */
  edits?: {
    onAdjust: (event: TagEvent, range: { start: number; end: number }) => void;
    onDelete: (events: TagEvent[]) => void;
    onRestore: (events: TagEvent[]) => void;
  };
};

/** How an event reads to a screen reader and in its tooltip. */
export function describeTagEvent(event: TagEvent): string {
  const player = event.playerName
    ? `${event.playerNumber !== null ? `#${event.playerNumber} ` : ''}${event.playerName}`
    : null;
  return [
    `${event.code} at ${formatPointTimestamp(event.start)}`,
    player,
    ...event.labels.map((label) => `${label.group}: ${label.text}`),
    event.period,
  ]
    .filter(Boolean)
    .join(', ');
}

// happy-dom and a hidden tab lay nothing out: draw as if the strip were this wide.
const FALLBACK_WIDTH_PX = 960;
// Bars this far outside the visible stretch are drawn too, so a quick scroll shows no gap.
const OVERSCAN_PX = 200;

/**
 * One row per event type (or per player, on demand) under the player, each event a bar from
 * its in to its out. A click plays it and selects it; Shift or Ctrl/⌘ adds to the selection;
 * Delete removes the selection (Undo brings it back); a selected bar's edges drag, and [ ]
 * nudge the chosen edge. Ctrl+wheel or the buttons zoom, the strip scrolls, and only the bars
 * in view are in the page, so a whole game stays smooth.
 */
export function TagTimeline({ events, duration, onPlay, edits }: TagTimelineProps) {
  const [rowsBy, setRowsBy] = useState<TimelineRows>('type');
  const [zoom, setZoom] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [edge, setEdge] = useState<Edge>('end');
  const [deleted, setDeleted] = useState<TagEvent[] | null>(null);
  /** An edge being dragged: the bar drawn where the pointer is until it lets go. */
  const [dragging, setDragging] = useState<{ id: string; start: number; end: number } | null>(null);
  const strip = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scrollLeft: 0, width: 0 });

  const rows = useMemo(() => timelineRowsOf(events, rowsBy), [events, rowsBy]);
  const byId = useMemo(() => new Map(events.map((event) => [event.id, event])), [events]);
  const selectedEvents = [...selected].flatMap((id) => byId.get(id) ?? []);

  // The strip's width decides the scale; it is measured again when the page's layout changes.
  const observeStrip = useCallback((element: HTMLDivElement | null) => {
    strip.current = element;
    if (!element) return;
    const measure = () => setView({ scrollLeft: element.scrollLeft, width: element.clientWidth });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (rows.length === 0 || duration <= 0) return null;

  const width = view.width || FALLBACK_WIDTH_PX;
  const pxPerSecond = (width * zoom) / duration;
  const from = Math.max(0, (view.scrollLeft - OVERSCAN_PX) / pxPerSecond);
  const to = (view.scrollLeft + width + OVERSCAN_PX) / pxPerSecond;

  const select = (event: TagEvent, adding: boolean) => {
    setSelected((current) => {
      if (!adding) return new Set([event.id]);
      const next = new Set(current);
      if (next.has(event.id)) next.delete(event.id);
      else next.add(event.id);
      return next;
    });
  };

  const removeSelection = () => {
    if (!edits || selectedEvents.length === 0) return;
    edits.onDelete(selectedEvents);
    setDeleted(selectedEvents);
    setSelected(new Set());
    // The focused bar is gone: the strip takes the focus so Ctrl+Z and the arrows still work.
    strip.current?.focus();
  };
  const undoDelete = () => {
    if (!edits || !deleted) return;
    edits.onRestore(deleted);
    setDeleted(null);
  };

  const onKeyDown = (press: KeyboardEvent) => {
    if (!edits) return;
    if (press.key === 'Delete' || press.key === 'Backspace') {
      if (selectedEvents.length === 0) return;
      press.preventDefault();
      removeSelection();
    } else if ((press.key === 'z' || press.key === 'Z') && (press.ctrlKey || press.metaKey)) {
      if (!deleted) return;
      // Taken here so the code window's Ctrl+Z (undo the last tag) does not also fire.
      press.preventDefault();
      press.stopPropagation();
      undoDelete();
    } else if ((press.key === '[' || press.key === ']') && selectedEvents.length === 1) {
      press.preventDefault();
      const event = selectedEvents[0]!;
      const step = (press.shiftKey ? 10 : 1) * NUDGE_SECONDS * (press.key === '[' ? -1 : 1);
      edits.onAdjust(event, movedEdge(event, edge, step, duration));
    }
  };

  const zoomTo = (next: number, anchorPx = width / 2) => {
    const element = strip.current;
    if (next === zoom) return;
    // Keep the moment under the pointer (or the middle) where it is.
    const seconds = (view.scrollLeft + anchorPx) / pxPerSecond;
    setZoom(next);
    requestAnimationFrame(() => {
      if (!element) return;
      element.scrollLeft = Math.max(0, seconds * ((width * next) / duration) - anchorPx);
      setView({ scrollLeft: element.scrollLeft, width: element.clientWidth });
    });
  };
  const onWheel = (wheel: WheelEvent) => {
    if (!wheel.ctrlKey && !wheel.metaKey) return;
    wheel.preventDefault();
    const box = strip.current?.getBoundingClientRect();
    zoomTo(
      steppedZoom(zoom, wheel.deltaY < 0 ? 1 : -1),
      box ? wheel.clientX - box.left : width / 2,
    );
  };

  const startDrag = (event: TagEvent, dragged: Edge, pointerDown: PointerEvent<HTMLElement>) => {
    if (!edits) return;
    pointerDown.preventDefault();
    pointerDown.stopPropagation();
    setEdge(dragged);
    const startX = pointerDown.clientX;
    let range = { start: event.start, end: event.end };
    const onMove = (move: globalThis.PointerEvent) => {
      range = movedEdge(event, dragged, (move.clientX - startX) / pxPerSecond, duration);
      setDragging({ id: event.id, ...range });
    };
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      setDragging(null);
      if (range.start !== event.start || range.end !== event.end) edits.onAdjust(event, range);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };

  const place = (event: TagEvent) => {
    const range = dragging?.id === event.id ? dragging : event;
    return {
      left: range.start * pxPerSecond,
      width: Math.max(MIN_BAR_PX, (range.end - range.start) * pxPerSecond),
    };
  };

  return (
    <section aria-labelledby="tag-timeline-title" className="grid gap-1.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tag-timeline-title" className="text-sm font-semibold">
          Tagged events
        </h2>
        <div className="flex flex-wrap items-center gap-1">
          <div role="group" aria-label="Rows" className="flex gap-1">
            {(['type', 'player'] as const).map((by) => (
              <Button
                key={by}
                size="sm"
                variant={rowsBy === by ? 'default' : 'outline'}
                aria-pressed={rowsBy === by}
                onClick={() => setRowsBy(by)}
              >
                By {by}
              </Button>
            ))}
          </div>
          <Button
            size="icon-sm"
            variant="outline"
            aria-label="Zoom out"
            disabled={zoom <= ZOOM_LEVELS[0]}
            onClick={() => zoomTo(steppedZoom(zoom, -1))}
          >
            <ZoomOutIcon aria-hidden />
          </Button>
          <span className="min-w-8 text-center text-xs tabular-nums" aria-live="polite">
            {zoom}×
          </span>
          <Button
            size="icon-sm"
            variant="outline"
            aria-label="Zoom in"
            disabled={zoom >= ZOOM_LEVELS.at(-1)!}
            onClick={() => zoomTo(steppedZoom(zoom, 1))}
          >
            <ZoomInIcon aria-hidden />
          </Button>
        </div>
      </div>
      {edits && (selectedEvents.length > 0 || deleted) ? (
        <div className="flex flex-wrap items-center gap-2 text-xs" aria-live="polite">
          {deleted ? (
            <>
              <span>
                Deleted {deleted.length} {deleted.length === 1 ? 'event' : 'events'}.
              </span>
              <Button size="sm" variant="outline" onClick={undoDelete}>
                <Undo2Icon aria-hidden />
                Undo
              </Button>
            </>
          ) : null}
          {selectedEvents.length > 0 ? (
            <>
              <span>
                {selectedEvents.length} selected
                {selectedEvents.length === 1
                  ? `: ${edge === 'start' ? 'in' : 'out'} point chosen, [ and ] nudge it`
                  : ''}
              </span>
              <Button size="sm" variant="outline" onClick={removeSelection}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-2">
        <ul className="grid auto-rows-[1.75rem] gap-1" aria-hidden>
          {rows.map((row) => (
            <li key={row.key} className="flex items-center truncate text-xs font-medium">
              <span className="truncate" title={row.title}>
                {row.title}
              </span>{' '}
              <span className="ml-1 text-muted-foreground tabular-nums">{row.events.length}</span>
            </li>
          ))}
        </ul>
        <div
          ref={observeStrip}
          className="overflow-x-auto overflow-y-hidden"
          data-testid="tag-timeline"
          // Focusable so the keys still reach it when a deleted bar took the focus with it.
          tabIndex={-1}
          aria-label="Timeline strip: Delete removes the selection, Ctrl+wheel zooms"
          {...{ [TIMELINE_OWNS_UNDO]: deleted ? 'true' : undefined }}
          data-zoom={zoom}
          onScroll={(scroll) =>
            setView({
              scrollLeft: scroll.currentTarget.scrollLeft,
              width: scroll.currentTarget.clientWidth,
            })
          }
          onWheel={onWheel}
          onKeyDown={onKeyDown}
        >
          <ul className="grid auto-rows-[1.75rem] gap-1" style={{ width: width * zoom }}>
            {rows.map((row) => (
              <li
                key={row.key}
                role="group"
                aria-label={`${row.title}: ${row.events.length} ${row.events.length === 1 ? 'event' : 'events'}`}
                className="relative rounded bg-muted"
              >
                {eventsInView(row.events, from, to).map((event) => {
                  const isSelected = selected.has(event.id);
                  const { left, width: barWidth } = place(event);
                  return (
                    <div
                      key={event.id}
                      className="absolute inset-y-0.5"
                      style={{ left, width: barWidth }}
                    >
                      <button
                        type="button"
                        data-testid="tag-timeline-bar"
                        aria-label={`Play ${describeTagEvent(event)}`}
                        aria-pressed={edits ? isSelected : undefined}
                        title={describeTagEvent(event)}
                        onClick={(click) => {
                          const adding = click.shiftKey || click.ctrlKey || click.metaKey;
                          select(event, adding);
                          if (!adding) onPlay(event);
                        }}
                        className={cn(
                          'size-full rounded-sm opacity-85 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring',
                          isSelected && 'opacity-100 ring-2 ring-foreground',
                        )}
                        style={{ backgroundColor: event.colour }}
                      />
                      {edits && isSelected && selected.size === 1
                        ? (['start', 'end'] as const).map((side) => (
                            <button
                              key={side}
                              type="button"
                              aria-label={`${side === 'start' ? 'In' : 'Out'} point of ${event.code}: drag, or [ and ] to nudge`}
                              aria-pressed={edge === side}
                              onClick={() => setEdge(side)}
                              onPointerDown={(down) => startDrag(event, side, down)}
                              className={cn(
                                'absolute inset-y-0 w-2 cursor-ew-resize rounded-sm bg-foreground/70 outline-none focus-visible:ring-2 focus-visible:ring-ring',
                                side === 'start' ? '-left-1' : '-right-1',
                                edge === side && 'bg-foreground',
                              )}
                            />
                          ))
                        : null}
                    </div>
                  );
                })}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
