import type { TagEvent, TagSuggestion } from '@filmroom/contract';
import { Undo2Icon, ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import { flushSync } from 'react-dom';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type WheelEvent,
} from 'react';
import { Button } from '@/components/ui/button';
import { StoryboardPreview, previewLeft } from '@/components/storyboard-preview';
import { tileAt, type StoryboardTile } from '@/lib/storyboard';
import {
  NUDGE_SECONDS,
  ZOOM_LEVELS,
  byStart,
  movedEdge,
  steppedZoom,
  timelineBars,
  timelineRowsOf,
  zoomToFit,
  type TimelineRows,
} from '../lib/timeline-layout';
import { TIMELINE_OWNS_UNDO } from '../lib/tag-hotkeys';
import { stopAfterKey, type TimelineStop } from '../lib/timeline-keys';
import {
  TagTimelineRow,
  firstEventId,
  type Edge,
  type TimelineRowActions,
} from './tag-timeline-row';
import { TagSuggestionActions, TagSuggestionRow } from './tag-suggestions';

type TagTimelineProps = {
  events: readonly TagEvent[];
  duration: number;
  /** Where the film is: drawn as a line across the rows. Moving it re-renders no bar. */
  currentTime?: number;
  onPlay: (event: TagEvent) => void;
  /** Given to editors: they adjust in and out, and delete (with undo). */
  edits?: {
    onAdjust: (event: TagEvent, range: { start: number; end: number }) => void;
    onDelete: (events: TagEvent[]) => void;
    onRestore: (events: TagEvent[]) => void;
  };
  /** The video's storyboard: hovering the strip, or focusing a bar, shows the frame there. */
  storyboard?: readonly StoryboardTile[] | null;
  /** Given to editors: the analysis's suggested events, on a row of their own. */
  suggested?: {
    videoId: string;
    suggestions: readonly TagSuggestion[];
    onPlay: (suggestion: TagSuggestion) => void;
  };
};

// A hidden tab lays nothing out (its strip reports no width): draw as if it were this wide.
const FALLBACK_WIDTH_PX = 960;
// Bars this far outside the visible stretch are drawn too, so a quick scroll shows no gap.
const OVERSCAN_PX = 200;
// The row titles' column beside the strip: the placeholder measured before the events arrive
// has the same, so the strip's width is known when they do.
const TIMELINE_GRID = 'grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-2';
// The drawn stretch moves in steps this long (under the overscan, so nothing in view is ever
// missing): scrolling within a step re-renders no row.
const DRAWN_STEP_PX = 100;

/**
 * One row per event type (or per player, on demand) under the player, each event a bar from
 * its in to its out. A click plays it and selects it; Shift or Ctrl/⌘ adds to the selection;
 * Delete removes the selection (Undo brings it back); a selected bar's edges drag, and [ ]
 * nudge the chosen edge. Ctrl+wheel or the buttons zoom, the strip scrolls, and only the bars
 * in view are in the page; bars too close to tell apart at this zoom are one cluster that zooms
 * in to them, so a whole game's 1,500 events stay fast to draw and smooth to scroll.
 */
export function TagTimeline({
  events,
  duration,
  currentTime,
  onPlay,
  edits,
  suggested,
  storyboard = null,
}: TagTimelineProps) {
  const [rowsBy, setRowsBy] = useState<TimelineRows>('type');
  const [zoom, setZoom] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [edge, setEdge] = useState<Edge>('end');
  const [deleted, setDeleted] = useState<TagEvent[] | null>(null);
  /** An edge being dragged: the bar drawn where the pointer is until it lets go. */
  const [dragging, setDragging] = useState<{ id: string; start: number; end: number } | null>(null);
  const [openSuggestionId, setOpenSuggestionId] = useState<string | null>(null);
  const strip = useRef<HTMLDivElement>(null);
  /** The strip's scroll and width: null until it has been measured. */
  const [view, setView] = useState<{ scrollLeft: number; width: number } | null>(null);
  /** The moment previewed from the storyboard: under the pointer, or the focused bar's in. */
  const [previewAt, setPreviewAt] = useState<number | null>(null);
  /**
   * The stop (a bar, a cluster's first event, or a suggestion) last focused: the timeline's one
   * Tab stop, kept in the page while it is scrolled out of view.
   */
  const [rovingId, setRovingId] = useState<string | null>(null);

  const rows = useMemo(
    () => timelineRowsOf(events, rowsBy).map((row) => ({ ...row, events: byStart(row.events) })),
    [events, rowsBy],
  );
  const byId = useMemo(() => new Map(events.map((event) => [event.id, event])), [events]);
  const rowKeyOf = (event: TagEvent) => (rowsBy === 'type' ? event.code : (event.playerId ?? ''));
  const selectedEvents = [...selected].flatMap((id) => byId.get(id) ?? []);

  // The strip's width decides the scale; it is measured again when the page's layout changes.
  // Taken from the observer, which reports it once the page is laid out anyway: reading
  // clientWidth here, in the middle of React's commit, forced a layout of the whole page. No
  // bar is drawn before that first report, and the bars it brings are drawn at once (flushSync),
  // in the frame being laid out: drawn at a guessed width and then again at the real one, a
  // game's bars cost twice and were painted in the wrong places for a frame.
  const observeStrip = useCallback((element: HTMLDivElement | null) => {
    strip.current = element;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const width = entry.contentRect.width;
      // The strip taking the placeholder's place reports the width it already had: no render.
      flushSync(() =>
        setView((current) =>
          current?.width === width ? current : { scrollLeft: element.scrollLeft, width },
        ),
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A zoom or an arrow key decides where the strip is scrolled in the same render as the bars
  // it draws; the strip is moved there before that frame is painted. (Scrolled a frame later,
  // each zoom drew a window of bars at the old scroll and then again at the new one.) Only
  // then: reading the strip's scroll after every render forced a style and layout in the
  // middle of the first draw.
  const scrollWanted = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = strip.current;
    if (element && scrollWanted.current !== null) element.scrollLeft = scrollWanted.current;
    scrollWanted.current = null;
  }, [view]);
  // A cluster opened with the keyboard hands the focus to its first event once it is drawn.
  const focusAfterZoom = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterZoom.current;
    const element = strip.current;
    if (!id || !element) return;
    focusAfterZoom.current = null;
    const target = element.querySelector<HTMLElement>(`[data-stop-id="${id}"]`);
    (target ?? element).focus();
  }, [view, zoom]);

  // The bars read the latest handlers through this, so their props stay the same between
  // renders and a playhead tick or a scroll step re-renders none of them.
  const latest = useRef<TimelineRowActions>(null!);
  const actions = useMemo<TimelineRowActions>(
    () => ({
      click: (event, click) => latest.current.click(event, click),
      openCluster: (cluster) => latest.current.openCluster(cluster),
      chooseEdge: (side) => latest.current.chooseEdge(side),
      dragEdge: (event, side, down) => latest.current.dragEdge(event, side, down),
    }),
    [],
  );

  const suggestions = useMemo(
    () => [...(suggested?.suggestions ?? [])].sort((a, b) => a.t - b.t),
    [suggested?.suggestions],
  );
  const openSuggestion = suggestions.find((suggestion) => suggestion.id === openSuggestionId);
  // Read through a ref, so the Suggested row keeps the same handler (and skips re-rendering)
  // while the page around re-renders with a new `suggested` at each playhead tick.
  const playSuggestion = useRef(suggested?.onPlay);
  playSuggestion.current = suggested?.onPlay;
  const openSuggestionFor = useCallback((suggestion: TagSuggestion) => {
    setOpenSuggestionId(suggestion.id);
    playSuggestion.current?.(suggestion);
  }, []);

  if ((rows.length === 0 && suggestions.length === 0) || duration <= 0) {
    // Nothing to draw yet, but the strip's place is laid out (with no height) and measured,
    // so a game's events are drawn in the render they arrive with: measured only once they
    // were there, they cost a render without bars, a layout, and then the render with them.
    // Out of the page's flow (no gap or height of its own), across its positioned parent: the
    // video page's column, as wide as the timeline will be. (Under a parent of another width
    // the strip is measured again when drawn, costing only the render this saves.)
    return (
      <div aria-hidden className={`${TIMELINE_GRID} absolute inset-x-0`}>
        <div />
        <div ref={observeStrip} />
      </div>
    );
  }

  // The Tab stop: the stop last focused while it is still there, else the first row's first.
  const rovingEvent = rovingId === null ? undefined : byId.get(rovingId);
  const currentId =
    rovingEvent || suggestions.some((suggestion) => suggestion.id === rovingId)
      ? rovingId
      : (rows[0]?.events[0]?.id ?? suggestions[0]?.id ?? null);
  const currentEvent = currentId === null ? undefined : byId.get(currentId);

  // 0 until the strip has been measured: the rows are there (the page keeps its height) and
  // their bars are not.
  const width = view ? view.width || FALLBACK_WIDTH_PX : 0;
  const scrollLeft = view?.scrollLeft ?? 0;
  const pxPerSecond = (width * zoom) / duration;
  const drawnFrom = Math.floor(scrollLeft / DRAWN_STEP_PX) * DRAWN_STEP_PX;
  const drawnFromPx = Math.max(0, drawnFrom - OVERSCAN_PX);
  const drawnToPx = drawnFrom + width + OVERSCAN_PX;
  // At the deepest zoom there is nowhere further to go: every event is its own bar.
  const clustering = zoom < ZOOM_LEVELS.at(-1)!;

  /** Draws the bars at `left` and scrolls the strip there before that frame is painted. */
  const scrollTo = (left: number, next = zoom) => {
    const furthest = width * next - width;
    const clamped = Math.max(0, Math.min(furthest, left));
    scrollWanted.current = clamped;
    setView({ scrollLeft: clamped, width: view?.width ?? width });
  };

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
    if (moveFocus(press)) return;
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

  /** Zooms to `next`, keeping the moment under the pointer (or the middle) where it is. */
  const zoomTo = (
    next: number,
    anchorPx = width / 2,
    seconds = (scrollLeft + anchorPx) / pxPerSecond,
  ) => {
    if (next === zoom || !view) return;
    setZoom(next);
    // The scroll that keeps the moment in place, set with the zoom so one render draws there.
    scrollTo(seconds * ((width * next) / duration) - anchorPx, next);
  };

  /** The keyboard's stops on row `index` (the suggestions' row after the events'), in order. */
  const stopsOfRow = (index: number): TimelineStop[] => {
    const row = rows[index];
    if (!row) {
      return suggestions.map((suggestion) => ({
        id: suggestion.id,
        seconds: suggestion.t,
        left: suggestion.t * pxPerSecond,
        width: 0,
      }));
    }
    return timelineBars(row.events, pxPerSecond, clustering).map((bar) => ({
      id: firstEventId(bar),
      seconds: bar.kind === 'cluster' ? bar.start : bar.event.start,
      left: bar.left,
      width: bar.width,
    }));
  };

  /**
   * The arrows, Home and End move the focus between the stops (see stopAfterKey) and scroll
   * the strip so the next one is in view: drawn only when near the view, an off-screen bar is
   * reached by the keyboard this way. Whether the key was one of these.
   */
  const moveFocus = (press: KeyboardEvent): boolean => {
    const id = (press.target as HTMLElement).getAttribute('data-stop-id');
    if (id === null || pxPerSecond === 0) return false;
    const event = byId.get(id);
    const row = event
      ? rows.findIndex((candidate) => candidate.key === rowKeyOf(event))
      : rows.length;
    const index = stopsOfRow(row).findIndex((stop) => stop.id === id);
    if (index === -1) return false;
    const rowCount = rows.length + (suggestions.length > 0 ? 1 : 0);
    const to = stopAfterKey(press.key, { row, index }, rowCount, stopsOfRow);
    if (!to) return false;
    press.preventDefault();
    const next = stopsOfRow(to.row)[to.index];
    if (!next || next.id === id) return true;
    const inView =
      next.left >= scrollLeft && next.left + Math.min(next.width, width) <= scrollLeft + width;
    const drawn = strip.current?.querySelector<HTMLElement>(`[data-stop-id="${next.id}"]`);
    if (inView && drawn) {
      drawn.focus();
      return true;
    }
    // Scrolled so the stop sits a third of the way in: the ones after it are in view too.
    focusAfterZoom.current = next.id;
    scrollTo(next.left - width / 3);
    return true;
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

  // A mouse previews as it hovers; a finger or pen as it drags (pointer move only while down).
  const previewUnder = (move: PointerEvent<HTMLDivElement>) => {
    if (!storyboard?.length || pxPerSecond === 0) return;
    if (move.pointerType !== 'mouse' && move.buttons === 0) return;
    const box = move.currentTarget.getBoundingClientRect();
    const seconds = (move.clientX - box.left + move.currentTarget.scrollLeft) / pxPerSecond;
    setPreviewAt(Math.min(duration, Math.max(0, seconds)));
  };
  const previewFocused = (focus: FocusEvent<HTMLDivElement>) => {
    const id = focus.target.getAttribute('data-stop-id');
    if (id !== null) setRovingId(id);
    const seconds = id
      ? (byId.get(id)?.start ?? suggestions.find((suggestion) => suggestion.id === id)?.t)
      : undefined;
    setPreviewAt(storyboard?.length && seconds !== undefined ? seconds : null);
  };
  const previewTile = previewAt === null || !storyboard ? null : tileAt(storyboard, previewAt);

  const startDrag: TimelineRowActions['dragEdge'] = (event, dragged, pointerDown) => {
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

  latest.current = {
    click: (event, click) => {
      const adding = click.shiftKey || click.ctrlKey || click.metaKey;
      select(event, adding);
      if (!adding) onPlay(event);
    },
    // The cluster's stretch fills the strip, centred, and its first event takes the focus.
    openCluster: (cluster) => {
      focusAfterZoom.current = cluster.events[0]!.id;
      zoomTo(
        zoomToFit(cluster.end - cluster.start, duration, zoom),
        width / 2,
        (cluster.start + cluster.end) / 2,
      );
    },
    chooseEdge: setEdge,
    dragEdge: startDrag,
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
      <div className={TIMELINE_GRID}>
        <ul className="grid auto-rows-[1.75rem] gap-1" aria-hidden>
          {rows.map((row) => (
            <li key={row.key} className="flex items-center truncate text-xs font-medium">
              <span className="truncate" title={row.title}>
                {row.title}
              </span>{' '}
              <span className="ml-1 text-muted-foreground tabular-nums">{row.events.length}</span>
            </li>
          ))}
          {suggestions.length > 0 ? (
            <li className="flex items-center truncate text-xs font-medium text-muted-foreground italic">
              Suggested <span className="ml-1 tabular-nums not-italic">{suggestions.length}</span>
            </li>
          ) : null}
        </ul>
        <div className="relative min-w-0">
          {previewTile && previewAt !== null ? (
            <StoryboardPreview
              tile={previewTile}
              seconds={previewAt}
              left={previewLeft(previewTile, previewAt * pxPerSecond - scrollLeft, width)}
            />
          ) : null}
          <div
            ref={observeStrip}
            className="overflow-x-auto overflow-y-hidden"
            data-testid="tag-timeline"
            // Focusable so the keys still reach it when a deleted bar took the focus with it.
            tabIndex={-1}
            role="group"
            aria-label="Timeline: arrow keys move between events, Up and Down between rows, Home and End to a row's first and last; Delete removes the selection; Ctrl+wheel zooms"
            {...{ [TIMELINE_OWNS_UNDO]: deleted ? 'true' : undefined }}
            data-zoom={zoom}
            onScroll={(scroll) => {
              const { scrollLeft: left, clientWidth } = scroll.currentTarget;
              // The scroll a zoom or an arrow set reports back: nothing to render again.
              setView((current) =>
                current && current.scrollLeft === left && current.width === clientWidth
                  ? current
                  : { scrollLeft: left, width: clientWidth },
              );
            }}
            onWheel={onWheel}
            onKeyDown={onKeyDown}
            onPointerMove={previewUnder}
            onPointerLeave={() => setPreviewAt(null)}
            onPointerUp={(up) => {
              if (up.pointerType !== 'mouse') setPreviewAt(null);
            }}
            onFocus={previewFocused}
            onBlur={() => setPreviewAt(null)}
          >
            <div className="relative" style={{ width: width * zoom }}>
              <div className="grid auto-rows-[1.75rem] gap-1">
                {rows.map((row) => (
                  <TagTimelineRow
                    key={row.key}
                    row={row}
                    duration={duration}
                    pxPerSecond={pxPerSecond}
                    clustering={clustering}
                    drawnFromPx={drawnFromPx}
                    drawnToPx={drawnToPx}
                    selected={selected}
                    editable={edits !== undefined}
                    edge={edge}
                    dragging={
                      dragging && row.events.some((event) => event.id === dragging.id)
                        ? dragging
                        : null
                    }
                    currentId={
                      currentEvent && rowKeyOf(currentEvent) === row.key ? currentEvent.id : null
                    }
                    actions={actions}
                  />
                ))}
                {suggestions.length > 0 && width > 0 ? (
                  <TagSuggestionRow
                    suggestions={suggestions}
                    duration={duration}
                    openId={openSuggestion?.id ?? null}
                    currentId={currentEvent ? null : currentId}
                    onOpen={openSuggestionFor}
                  />
                ) : null}
              </div>
              {currentTime !== undefined ? (
                <div
                  aria-hidden
                  data-testid="tag-timeline-playhead"
                  className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-foreground"
                  style={{ left: `${(Math.min(currentTime, duration) / duration) * 100}%` }}
                />
              ) : null}
            </div>
          </div>
        </div>
      </div>
      {suggested && openSuggestion ? (
        <TagSuggestionActions
          key={openSuggestion.id}
          videoId={suggested.videoId}
          suggestion={openSuggestion}
          onDone={() => setOpenSuggestionId(null)}
        />
      ) : null}
    </section>
  );
}
