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
  actions: TimelineRowActions;
};

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
 * step), and only the bars in the drawn stretch are in the page.
 */
export const TagTimelineRow = memo(function TagTimelineRow({
  row,
  pxPerSecond,
  clustering,
  drawnFromPx,
  drawnToPx,
  selected,
  editable,
  edge,
  dragging,
  actions,
}: TagTimelineRowProps) {
  const layout = useMemo(
    // No scale yet (the strip not measured): no bars, rather than bars laid out twice.
    () => (pxPerSecond > 0 ? timelineBars(row.events, pxPerSecond, clustering) : []),
    [row.events, pxPerSecond, clustering],
  );
  const bars = barsInView(layout, drawnFromPx, drawnToPx);
  return (
    <li
      role="group"
      aria-label={`${row.title}: ${row.events.length} ${row.events.length === 1 ? 'event' : 'events'}`}
      // Contained: what its bars do to their layout stays inside the row's fixed box.
      className="relative rounded bg-muted [contain:layout_style]"
    >
      {bars.map((bar) =>
        bar.kind === 'cluster' ? (
          <ClusterBar key={bar.key} cluster={bar} selected={selected} actions={actions} />
        ) : (
          <EventBar
            key={bar.key}
            bar={bar}
            pxPerSecond={pxPerSecond}
            editable={editable}
            isSelected={selected.has(bar.event.id)}
            handles={editable && selected.size === 1 && selected.has(bar.event.id)}
            edge={edge}
            dragging={dragging?.id === bar.event.id ? dragging : null}
            actions={actions}
          />
        ),
      )}
    </li>
  );
});

// The bars' classes as plain strings, not merged with cn(): a game draws a hundred or more at
// once, and tailwind-merge on each was a good part of the first draw's script time.
const BAR_FOCUS = 'outline-none hover:brightness-110 focus-visible:ring-2 focus-visible:ring-ring';
const SELECTED_RING = ' ring-2 ring-foreground';
// A dashed edge, not stripes or see-through: a game draws a hundred of these, and a gradient or
// an opacity each is paint and compositing work on the first draw.
const CLUSTER_CLASS = `absolute inset-y-0.5 overflow-hidden rounded-sm border border-dashed border-white/80 text-[0.625rem] leading-none font-semibold text-white tabular-nums ${BAR_FOCUS}`;
const EVENT_CLASS = `absolute inset-y-0.5 rounded-sm ${BAR_FOCUS}`;

function ClusterBar({
  cluster,
  selected,
  actions,
}: {
  cluster: TimelineCluster;
  selected: ReadonlySet<string>;
  actions: TimelineRowActions;
}) {
  const label = describeCluster(cluster);
  const holdsSelection = cluster.events.some((event) => selected.has(event.id));
  return (
    <button
      type="button"
      data-testid="tag-timeline-cluster"
      data-event-id={cluster.events[0]!.id}
      aria-label={label}
      title={label}
      onClick={() => actions.openCluster(cluster)}
      className={holdsSelection ? CLUSTER_CLASS + SELECTED_RING : CLUSTER_CLASS}
      style={{
        left: cluster.left,
        width: cluster.width,
        backgroundColor: cluster.events[0]!.colour,
      }}
    >
      {/* The count, where it fits; the name says it either way. */}
      {cluster.width >= 16 ? cluster.events.length : null}
    </button>
  );
}

function EventBar({
  bar,
  pxPerSecond,
  editable,
  isSelected,
  handles,
  edge,
  dragging,
  actions,
}: {
  bar: Extract<TimelineBar, { kind: 'event' }>;
  pxPerSecond: number;
  editable: boolean;
  isSelected: boolean;
  handles: boolean;
  edge: Edge;
  dragging: { start: number; end: number } | null;
  actions: TimelineRowActions;
}) {
  const { event } = bar;
  const description = describeTagEvent(event);
  // While an edge is dragged the bar is drawn where the pointer is.
  const left = dragging ? dragging.start * pxPerSecond : bar.left;
  const width = dragging
    ? Math.max(MIN_BAR_PX, (dragging.end - dragging.start) * pxPerSecond)
    : bar.width;
  // One element per bar (a game draws many); the selected bar's edge handles sit beside it,
  // so selecting it does not rebuild the button that has the focus.
  return (
    <>
      <button
        type="button"
        data-testid="tag-timeline-bar"
        data-event-id={event.id}
        aria-label={`Play ${description}`}
        aria-pressed={editable ? isSelected : undefined}
        title={description}
        onClick={(click) => actions.click(event, click)}
        className={isSelected ? EVENT_CLASS + SELECTED_RING : EVENT_CLASS}
        style={{ left, width, backgroundColor: event.colour }}
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
              style={{ left: side === 'start' ? left : left + width }}
            />
          ))
        : null}
    </>
  );
}
