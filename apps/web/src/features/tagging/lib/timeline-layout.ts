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

/**
 * The events of a row that reach into the visible stretch [from, to] (seconds), so a whole
 * game's 1,500 bars are never all in the page at once.
 */
export function eventsInView(events: readonly TagEvent[], from: number, to: number): TagEvent[] {
  return events.filter((event) => event.end >= from && event.start <= to);
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
