import type { TagEvent, TagStats } from '@filmroom/contract';

/** What counting needs of an event: the stats read only these, so they load only these. */
export type CountedEvent = Pick<
  TagEvent,
  | 'id'
  | 'code'
  | 'colour'
  | 'start'
  | 'labels'
  | 'playerId'
  | 'playerName'
  | 'playerNumber'
  | 'period'
>;
import { labelKey } from './tag-filter';

/** The column of an event with no player, when counting by player. */
const NO_PLAYER_COLUMN = 'none';

/**
 * The counts matrix: one row per event type (in order of first appearance on the timeline),
 * one column per label or player; each cell names its events so the page can open them.
 */
export function tagStatsOf(
  events: readonly CountedEvent[],
  by: StatsColumns,
): Omit<TagStats, 'ratios' | 'videoIds'> {
  const columnsOf = (event: CountedEvent) => columnsOfEvent(event, by);
  const columns = new Map<string, string>();
  const rows = new Map<
    string,
    { code: string; colour: string; eventIds: string[]; cells: Map<string, string[]> }
  >();
  for (const event of [...events].sort((a, b) => a.start - b.start)) {
    let row = rows.get(event.code);
    if (!row) {
      row = { code: event.code, colour: event.colour, eventIds: [], cells: new Map() };
      rows.set(event.code, row);
    }
    row.eventIds.push(event.id);
    for (const column of columnsOf(event)) {
      columns.set(column.key, column.title);
      const cell = row.cells.get(column.key) ?? [];
      // An event with the same label twice counts once in that cell.
      if (cell.at(-1) !== event.id) cell.push(event.id);
      row.cells.set(column.key, cell);
    }
  }
  const columnList = [...columns].map(([key, title]) => ({ key, title }));
  columnList.sort((a, b) => a.title.localeCompare(b.title, undefined, { numeric: true }));
  return {
    by,
    columns: columnList,
    rows: [...rows.values()].map((row) => ({
      code: row.code,
      colour: row.colour,
      total: row.eventIds.length,
      eventIds: row.eventIds,
      cells: [...row.cells].map(([column, eventIds]) => ({
        column,
        count: eventIds.length,
        eventIds,
      })),
    })),
    total: events.length,
  };
}

export type StatsColumns = 'label' | 'player';

/** The matrix columns an event counts in: each of its labels, or its player. */
export function columnsOfEvent(
  event: CountedEvent,
  by: StatsColumns,
): { key: string; title: string }[] {
  if (by === 'label') {
    return event.labels.map((label) => ({ key: labelKey(label), title: labelKey(label) }));
  }
  return [
    event.playerId
      ? { key: event.playerId, title: playerTitle(event) }
      : { key: NO_PLAYER_COLUMN, title: 'No player' },
  ];
}

/** "#23 Jordan", or the name alone when the athlete has no shirt number. */
export function playerTitle(event: Pick<TagEvent, 'playerName' | 'playerNumber'>): string {
  const name = event.playerName ?? 'Unknown player';
  return event.playerNumber === null ? name : `#${event.playerNumber} ${name}`;
}
