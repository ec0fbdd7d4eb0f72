import { TAG_NO_PLAYER, labelKey, type TagEvent, type TagStats } from '@filmroom/contract';

/**
 * Events alike in all that counting reads (type, colour, player, labels), counted by PostgreSQL: a
 * season of 15,000 events is a few hundred of these, so the matrix and the ratios are worked
 * out from them rather than from every event.
 */
export type CountedGroup = Pick<
  TagEvent,
  'code' | 'labels' | 'playerId' | 'playerName' | 'playerNumber'
> & {
  count: number;
  /** The earliest in of the group's events: a row takes the colour of its earliest group. */
  firstStart: number;
  colour: string;
};

export type StatsColumns = 'label' | 'player';

/**
 * The counts matrix: one row per event type (in order of first appearance on the timeline),
 * one column per label or player. A cell is opened with its filter, so it names no events.
 */
export function tagStatsOf(
  groups: readonly CountedGroup[],
  by: StatsColumns,
): Omit<TagStats, 'ratios' | 'videoIds'> {
  const columns = new Map<string, string>();
  const rows = new Map<
    string,
    { code: string; colour: string; firstStart: number; total: number; cells: Map<string, number> }
  >();
  let total = 0;
  for (const group of groups) {
    let row = rows.get(group.code);
    if (!row) {
      row = {
        code: group.code,
        colour: group.colour,
        firstStart: Infinity,
        total: 0,
        cells: new Map(),
      };
      rows.set(group.code, row);
    }
    // The row takes the colour of its first event, as the timeline shows it first.
    if (group.firstStart < row.firstStart) {
      row.firstStart = group.firstStart;
      row.colour = group.colour;
    }
    row.total += group.count;
    total += group.count;
    for (const column of columnsOfEvent(group, by)) {
      columns.set(column.key, column.title);
      row.cells.set(column.key, (row.cells.get(column.key) ?? 0) + group.count);
    }
  }
  const columnList = [...columns].map(([key, title]) => ({ key, title }));
  columnList.sort((a, b) => a.title.localeCompare(b.title, undefined, { numeric: true }));
  const rowList = [...rows.values()].sort(
    (a, b) => a.firstStart - b.firstStart || a.code.localeCompare(b.code),
  );
  return {
    by,
    columns: columnList,
    rows: rowList.map((row) => ({
      code: row.code,
      colour: row.colour,
      total: row.total,
      cells: [...row.cells].map(([column, count]) => ({ column, count })),
    })),
    total,
  };
}

/**
 * The matrix columns an event (or a group of alike events) counts in: each of its labels once
 * (an event with the same label twice counts once in that cell), or its player.
 */
export function columnsOfEvent(
  event: Pick<TagEvent, 'labels' | 'playerId' | 'playerName' | 'playerNumber'>,
  by: StatsColumns,
): { key: string; title: string }[] {
  if (by === 'label') {
    const keys = new Set(event.labels.map(labelKey));
    return [...keys].map((key) => ({ key, title: key }));
  }
  return [
    event.playerId
      ? { key: event.playerId, title: playerTitle(event) }
      : { key: TAG_NO_PLAYER, title: 'No player' },
  ];
}

/** "#23 Jordan", or the name alone when the athlete has no shirt number. */
export function playerTitle(event: Pick<TagEvent, 'playerName' | 'playerNumber'>): string {
  const name = event.playerName ?? 'Unknown player';
  return event.playerNumber === null ? name : `#${event.playerNumber} ${name}`;
}
