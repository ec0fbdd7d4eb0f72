import type { TagEvent } from '@filmroom/contract';
import { memo, useMemo, type MouseEvent, type PointerEvent } from 'react';
import { formatTimeSpan } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import {
  MIN_BAR_PX,
  barsInView,
  timelineBars,
  type TimelineBar,
  type TimelineRow,
} from '../lib/timeline-layout';
import { describeTagEvent } from '../lib/describe-tag-event';
import { textOnColour } from '../lib/text-on-colour';

export type Edge = 'start' | 'end';
export type TimelineCluster = Extract<TimelineBar, { kind: 'cluster' }>;

/** What the bars do; the timeline keeps these the same object so a row re-renders only when it changes. */
export type TimelineRowActions = {
  click: (event: TagEvent, click: MouseEvent) => void;
  openCluster: (cluster: TimelineCluster) => void;
  chooseEdge: (edge: Edge) => void;
  dragEdge: (event: TagEvent, edge: Edge, pointerDown: PointerEvent<HTMLElement>) => void;
};

type TagTimelineRowProps = {
  /** The row, its events sorted by start. */
  row: TimelineRow;
  /** The film's length: bars are placed in percent of it, which no zoom changes. */
  duration: number;
  pxPerSecond: number;
  clustering: boolean;
  /** The stretch of the strip drawn (pixels), moved in steps so scrolling seldom re-renders. */
  drawnFromPx: number;
  drawnToPx: number;
  selected: ReadonlySet<string>;
  editable: boolean;
  edge: Edge;
  /** The edge being dragged, when it is one of this row's events. */
  dragging: { id: string; start: number; end: number } | null;
  /**
   * The event whose bar (or cluster) is the timeline's Tab stop, when it is on this row: the
   * one bar with tabIndex 0, drawn even when scrolled out of the drawn stretch, so the focus
   * is not lost with it and Tab and the arrows still go on from it.
   */
  currentId: string | null;
  actions: TimelineRowActions;
};

/** Where a stretch of the film sits on the strip, in percent of its whole width. */
function percentOf(seconds: number, duration: number): string {
  return `${(seconds / duration) * 100}%`;
}

/**
 * A bar's place in percent of the strip, so a zoom (which only widens the strip) leaves its
 * style as it is and React renders none of the bars that stay; never under MIN_BAR_PX wide.
 */
function barStyle(start: number, end: number, duration: number, colour: string) {
  return {
    left: percentOf(start, duration),
    width: `max(${MIN_BAR_PX}px, ${percentOf(end - start, duration)})`,
    backgroundColor: colour,
  };
}

/** How a cluster reads: "Zoom in to 12 Shot events, 1:02–1:40". */
export function describeCluster(cluster: TimelineCluster): string {
  const codes = [...new Set(cluster.events.map((event) => event.code))];
  const what =
    codes.length === 1
      ? `${cluster.events.length} ${codes[0]} events`
      : `${cluster.events.length} events (${codes.join(', ')})`;
  return `Zoom in to ${what}, ${formatTimeSpan(cluster)}`;
}

/**
 * One timeline row's bars. Laid out once per row and scale (not per playhead tick or scroll
 * step), and only the bars in the drawn stretch (and the focused one) are in the page.
 */
export const TagTimelineRow = memo(function TagTimelineRow({
  row,
  duration,
  pxPerSecond,
  clustering,
  drawnFromPx,
  drawnToPx,
  selected,
  editable,
  edge,
  dragging,
  currentId,
  actions,
}: TagTimelineRowProps) {
  const layout = useMemo(
    // No scale yet (the strip not measured): no bars, rather than bars laid out twice.
    () => (pxPerSecond > 0 ? timelineBars(row.events, pxPerSecond, clustering) : []),
    [row.events, pxPerSecond, clustering],
  );
  const bars = barsInView(layout, drawnFromPx, drawnToPx);
  const current = currentId === null ? undefined : layout.find((bar) => holds(bar, currentId));
  if (current && !bars.includes(current)) bars.push(current);
  return (
    // A toolbar of bars, as WAI-ARIA's toolbar pattern has it, except that the whole timeline
    // (not each row) is one Tab stop: ArrowUp and ArrowDown go on to the next row's.
    <div
      role="toolbar"
      aria-label={`${row.title}: ${row.events.length} ${row.events.length === 1 ? 'event' : 'events'}`}
      // Contained: what its bars do to their layout stays inside the row's fixed box.
      className="relative rounded bg-muted [contain:layout_style]"
    >
      {bars.map((bar) =>
        bar.kind === 'cluster' ? (
          <ClusterBar
            key={bar.key}
            cluster={bar}
            duration={duration}
            showsCount={bar.width >= 16}
            holdsSelection={bar.events.some((event) => selected.has(event.id))}
            isTabStop={bar === current}
            actions={actions}
          />
        ) : (
          <EventBar
            key={bar.key}
            event={bar.event}
            duration={duration}
            editable={editable}
            isSelected={selected.has(bar.event.id)}
            handles={editable && selected.size === 1 && selected.has(bar.event.id)}
            edge={edge}
            dragging={dragging?.id === bar.event.id ? dragging : null}
            isTabStop={bar === current}
            actions={actions}
          />
        ),
      )}
    </div>
  );
});

// The bars' classes as plain strings, not merged with cn(): a game draws a hundred or more at
// once, and tailwind-merge on each was a good part of the first draw's script time.
// The focus is a ring outside and a band of the page's background inside: seen on any colour a
// coach picks (the ring alone all but vanished on a green bar).
const BAR_FOCUS =
  'outline-none hover:brightness-110 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-background focus-visible:outline-solid';
const SELECTED_RING = ' ring-2 ring-foreground';
// A dashed edge, not stripes or see-through: a game draws a hundred of these, and a gradient or
// an opacity each is paint and compositing work on the first draw.
const CLUSTER_CLASS = `absolute inset-y-0.5 overflow-hidden rounded-sm border border-dashed text-[0.625rem] leading-none font-semibold tabular-nums ${BAR_FOCUS}`;
// Its count and edge dark or light, whichever reads on the coach's colour (see textOnColour).
const CLUSTER_INK = {
  dark: ' border-black/60 text-black',
  light: ' border-white/80 text-white',
} as const;
const EVENT_CLASS = `absolute inset-y-0.5 rounded-sm ${BAR_FOCUS}`;

/** Whether the bar is the event's, or a cluster with the event in it. */
function holds(bar: TimelineBar, id: string): boolean {
  return bar.kind === 'cluster' ? bar.events.some((event) => event.id === id) : bar.event.id === id;
}

/** The event a bar stands for, or a cluster's first: what its element is found by. */
export function firstEventId(bar: TimelineBar): string {
  return bar.kind === 'cluster' ? bar.events[0]!.id : bar.event.id;
}

type ClusterBarProps = {
  cluster: TimelineCluster;
  duration: number;
  /** Whether the count fits in it at this zoom. */
  showsCount: boolean;
  holdsSelection: boolean;
  /** The timeline's one Tab stop (tabIndex 0; every other bar is -1). */
  isTabStop: boolean;
  actions: TimelineRowActions;
};

/** The same cluster, drawn the same: a zoom that keeps it renders it again for nothing. */
function sameCluster(before: ClusterBarProps, after: ClusterBarProps) {
  return (
    before.cluster.key === after.cluster.key &&
    before.cluster.events.length === after.cluster.events.length &&
    before.cluster.end === after.cluster.end &&
    before.duration === after.duration &&
    before.showsCount === after.showsCount &&
    before.holdsSelection === after.holdsSelection &&
    before.isTabStop === after.isTabStop &&
    before.actions === after.actions
  );
}

const ClusterBar = memo(function ClusterBar({
  cluster,
  duration,
  showsCount,
  holdsSelection,
  isTabStop,
  actions,
}: ClusterBarProps) {
  const label = describeCluster(cluster);
  const colour = cluster.events[0]!.colour;
  const className = CLUSTER_CLASS + CLUSTER_INK[textOnColour(colour)];
  return (
    <button
      type="button"
      data-testid="tag-timeline-cluster"
      data-stop-id={cluster.events[0]!.id}
      tabIndex={isTabStop ? 0 : -1}
      aria-label={label}
      title={label}
      onClick={() => actions.openCluster(cluster)}
      className={holdsSelection ? className + SELECTED_RING : className}
      style={barStyle(cluster.start, cluster.end, duration, colour)}
    >
      {/* The count, where it fits; the name says it either way. */}
      {showsCount ? cluster.events.length : null}
    </button>
  );
}, sameCluster);

/** Memoised on its event and state, none of which a zoom or a scroll changes. */
const EventBar = memo(function EventBar({
  event,
  duration,
  editable,
  isSelected,
  handles,
  edge,
  dragging,
  isTabStop,
  actions,
}: {
  event: TagEvent;
  duration: number;
  editable: boolean;
  isSelected: boolean;
  handles: boolean;
  edge: Edge;
  dragging: { start: number; end: number } | null;
  isTabStop: boolean;
  actions: TimelineRowActions;
}) {
  const description = describeTagEvent(event);
  // While an edge is dragged the bar is drawn where the pointer is.
  const { start, end } = dragging ?? event;
  const style = barStyle(start, end, duration, event.colour);
  // One element per bar (a game draws many); the selected bar's edge handles sit beside it,
  // so selecting it does not rebuild the button that has the focus.
  return (
    <>
      <button
        type="button"
        data-testid="tag-timeline-bar"
        data-stop-id={event.id}
        tabIndex={isTabStop ? 0 : -1}
        aria-label={`Play ${description}`}
        aria-pressed={editable ? isSelected : undefined}
        title={description}
        onClick={(click) => actions.click(event, click)}
        className={isSelected ? EVENT_CLASS + SELECTED_RING : EVENT_CLASS}
        style={style}
      />
      {handles
        ? (['start', 'end'] as const).map((side) => (
            <button
              key={side}
              type="button"
              aria-label={`${side === 'start' ? 'In' : 'Out'} point of ${event.code}: drag, or [ and ] to nudge`}
              aria-pressed={edge === side}
              onClick={() => actions.chooseEdge(side)}
              onPointerDown={(down) => actions.dragEdge(event, side, down)}
              className={cn(
                'absolute inset-y-0.5 w-2 -translate-x-1/2 cursor-ew-resize rounded-sm bg-foreground/70 outline-none focus-visible:ring-2 focus-visible:ring-ring',
                edge === side && 'bg-foreground',
              )}
              style={{
                left: side === 'start' ? style.left : `calc(${style.left} + ${style.width})`,
              }}
            />
          ))
        : null}
    </>
  );
});
