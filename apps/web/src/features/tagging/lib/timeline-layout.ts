import type { TagEvent } from '@filmroom/contract';

export type TimelineRows = 'type' | 'player';

export type TimelineRow = { key: string; title: string; colour: string | null; events: TagEvent[] };

/** The zoom steps: 1 is the whole game across the width; 64 shows about 1.5 minutes of 90. */
export const ZOOM_LEVELS = [1, 2, 4, 8, 16, 32, 64] as const;

/** How far one press of [ or ] moves an edge; with Shift, ten times as far. */
export const NUDGE_SECONDS = 0.1;

/** A bar is never narrower than this, so a moment can still be seen and clicked. */
export const MIN_BAR_PX = 6;

/**
 * The timeline's rows: one per event type (in order of first appearance), or one per player
 * (by shirt number, events with no player last).
 */
export function timelineRowsOf(events: readonly TagEvent[], by: TimelineRows): TimelineRow[] {
  const rows = new Map<string, TimelineRow>();
  for (const event of events) {
    const key = by === 'type' ? event.code : (event.playerId ?? '');
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        title: by === 'type' ? event.code : playerRowTitle(event),
        colour: by === 'type' ? event.colour : null,
        events: [],
      };
      rows.set(key, row);
    }
    row.events.push(event);
  }
  const list = [...rows.values()];
  if (by === 'player') {
    const number = (row: TimelineRow) =>
      row.key === '' ? Infinity : (row.events[0]!.playerNumber ?? Infinity - 1);
    list.sort((a, b) => number(a) - number(b) || a.title.localeCompare(b.title));
  }
  return list;
}

function playerRowTitle(event: TagEvent): string {
  if (!event.playerId) return 'No player';
  const name = event.playerName ?? 'Unknown player';
  return event.playerNumber === null ? name : `#${event.playerNumber} ${name}`;
}

/** A row's events in order of their in points, as the clusters need them. */
export function byStart(events: readonly TagEvent[]): TagEvent[] {
  return [...events].sort((a, b) => a.start - b.start);
}

/**
 * Bars whose starts are closer than this on one row cannot each be seen or aimed at, so they
 * are drawn as one cluster that zooms in to them.
 */
const CLUSTER_GAP_PX = 8;

/** A cluster spans at most this much, so a dense row is still cut into stretches to zoom to. */
const MAX_CLUSTER_PX = 48;

export type TimelineBar =
  | { kind: 'event'; key: string; event: TagEvent; left: number; width: number }
  | {
      kind: 'cluster';
      key: string;
      events: TagEvent[];
      start: number;
      end: number;
      left: number;
      width: number;
    };

/**
 * What a row draws at `pxPerSecond`: each event as its own bar, except that runs of events
 * starting within CLUSTER_GAP_PX of each other become one cluster (never wider than
 * MAX_CLUSTER_PX from its first start to its last). Laid out over the whole row, not just the
 * part in view, so clusters stay put while the strip scrolls. `events` must be sorted by
 * start. With `clustering` off (the deepest zoom) every event is its own bar.
 */
export function timelineBars(
  events: readonly TagEvent[],
  pxPerSecond: number,
  clustering: boolean,
): TimelineBar[] {
  const bars: TimelineBar[] = [];
  let run: TagEvent[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const first = run[0]!;
    const end = Math.max(...run.map((event) => event.end));
    const left = first.start * pxPerSecond;
    const width = Math.max(MIN_BAR_PX, (end - first.start) * pxPerSecond);
    bars.push(
      run.length === 1
        ? { kind: 'event', key: first.id, event: first, left, width }
        : {
            kind: 'cluster',
            key: `cluster-${first.id}`,
            events: run,
            start: first.start,
            end,
            left,
            width,
          },
    );
    run = [];
  };
  for (const event of events) {
    const first = run[0];
    const previous = run.at(-1);
    const joins =
      clustering &&
      first !== undefined &&
      previous !== undefined &&
      (event.start - previous.start) * pxPerSecond < CLUSTER_GAP_PX &&
      (event.start - first.start) * pxPerSecond <= MAX_CLUSTER_PX;
    if (!joins) flush();
    run.push(event);
  }
  flush();
  return bars;
}

/** The bars that reach into the visible stretch [leftPx, rightPx] of the strip. */
export function barsInView(bars: readonly TimelineBar[], leftPx: number, rightPx: number) {
  return bars.filter((bar) => bar.left <= rightPx && bar.left + bar.width >= leftPx);
}

/** The zoom step at which a span of `seconds` fills the strip: at least one step in from `zoom`. */
export function zoomToFit(seconds: number, duration: number, zoom: number): number {
  const wanted = duration / Math.max(seconds, Number.EPSILON);
  const fitting = ZOOM_LEVELS.filter((level) => level <= wanted).at(-1) ?? ZOOM_LEVELS[0];
  return Math.max(fitting, steppedZoom(zoom, 1));
}

/** An edge moved by `seconds`, kept inside the video and on its side of the other edge. */
export function movedEdge(
  event: Pick<TagEvent, 'start' | 'end'>,
  edge: 'start' | 'end',
  seconds: number,
  duration: number,
): { start: number; end: number } {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  if (edge === 'start') {
    return {
      start: round(Math.min(event.end, Math.max(0, event.start + seconds))),
      end: event.end,
    };
  }
  return {
    start: event.start,
    end: round(Math.max(event.start, Math.min(duration, event.end + seconds))),
  };
}

/** The next zoom step in or out from the current one. */
export function steppedZoom(zoom: number, direction: 1 | -1): number {
  const index = ZOOM_LEVELS.findIndex((level) => level >= zoom);
  const next = (index === -1 ? ZOOM_LEVELS.length - 1 : index) + direction;
  return ZOOM_LEVELS[Math.max(0, Math.min(ZOOM_LEVELS.length - 1, next))]!;
}
