import type { TagRatio, TagRatioValue, TagStats } from '@filmroom/contract';
import { labelKey } from './tag-filter';
import { columnsOfEvent, type CountedEvent, type StatsColumns } from './tag-stats';

type RatioSide = TagRatio['numerator'];

/** Whether the event is one a side of a ratio counts: its type, with the label if one is named. */
function counts(event: CountedEvent, side: RatioSide): boolean {
  if (event.code !== side.code) return false;
  return side.label === null || event.labels.some((label) => labelKey(label) === side.label);
}

function valueOf(made: number, attempted: number): TagRatioValue {
  // One decimal is what a stat sheet prints; nothing attempted has no percentage, not 0 %.
  const percentage = attempted === 0 ? null : Math.round((made / attempted) * 1000) / 10;
  return { made, attempted, percentage };
}

/**
 * Each ratio over all the events and per matrix column (per player, or per label): "FG%" for
 * #23 is #23's shots with "Result: Made" over #23's shots. Columns where nothing was attempted
 * are left out, as empty cells are left out of the matrix.
 */
export function tagRatiosOf(
  events: readonly CountedEvent[],
  ratios: readonly TagRatio[],
  by: StatsColumns,
): TagStats['ratios'] {
  return ratios.map((ratio) => {
    const tally = new Map<string, { made: number; attempted: number }>();
    let made = 0;
    let attempted = 0;
    for (const event of events) {
      const isMade = counts(event, ratio.numerator);
      const isAttempted = counts(event, ratio.denominator);
      if (!isMade && !isAttempted) continue;
      made += Number(isMade);
      attempted += Number(isAttempted);
      // An event with the same label twice counts once in that column, as in the matrix.
      const columns = new Set(columnsOfEvent(event, by).map((column) => column.key));
      for (const column of columns) {
        const cell = tally.get(column) ?? { made: 0, attempted: 0 };
        cell.made += Number(isMade);
        cell.attempted += Number(isAttempted);
        tally.set(column, cell);
      }
    }
    return {
      name: ratio.name,
      total: valueOf(made, attempted),
      cells: [...tally]
        .filter(([, cell]) => cell.attempted > 0)
        .map(([column, cell]) => ({ column, ...valueOf(cell.made, cell.attempted) })),
    };
  });
}
