import { labelKey, type TagRatio, type TagRatioValue, type TagStats } from '@filmroom/contract';
import { columnsOfEvent, type CountedGroup, type StatsColumns } from './tag-stats';

type RatioSide = TagRatio['numerator'];

/** Whether the events are ones a side of a ratio counts: their type, with the label if one is named. */
function counts(group: CountedGroup, side: RatioSide): boolean {
  if (group.code !== side.code) return false;
  return side.label === null || group.labels.some((label) => labelKey(label) === side.label);
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
  groups: readonly CountedGroup[],
  ratios: readonly TagRatio[],
  by: StatsColumns,
): TagStats['ratios'] {
  return ratios.map((ratio) => {
    const tally = new Map<string, { made: number; attempted: number }>();
    let made = 0;
    let attempted = 0;
    for (const group of groups) {
      const groupMade = counts(group, ratio.numerator) ? group.count : 0;
      const groupAttempted = counts(group, ratio.denominator) ? group.count : 0;
      if (groupMade === 0 && groupAttempted === 0) continue;
      made += groupMade;
      attempted += groupAttempted;
      for (const { key } of columnsOfEvent(group, by)) {
        const cell = tally.get(key) ?? { made: 0, attempted: 0 };
        cell.made += groupMade;
        cell.attempted += groupAttempted;
        tally.set(key, cell);
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
