import { normaliseLabel, playerOfFilter, type TagEventFilter } from '@filmroom/contract';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { tagEvents } from '../../db/schema';

/**
 * The filter as SQL conditions on `tag_events`, the same tests as `matchesFilter` makes in
 * code, so a cell's count and the events it opens agree.
 */
export function tagFilterCondition(filter: TagEventFilter): SQL | undefined {
  const player = filter.playerId === undefined ? undefined : playerOfFilter(filter.playerId);
  return and(
    filter.code === undefined ? undefined : eq(tagEvents.code, filter.code),
    filter.period === undefined ? undefined : eq(tagEvents.period, filter.period),
    player === undefined
      ? undefined
      : player === null
        ? isNull(tagEvents.playerId)
        : eq(tagEvents.playerId, player),
    filter.label === undefined
      ? undefined
      : // Compared as "Group: Text", as labelKey writes it, so a group name with a colon in it
        // matches the same way here as in code.
        sql`exists (select 1 from jsonb_array_elements(${tagEvents.labels}) as label
              where (label->>'group') || ': ' || (label->>'text') = ${normaliseLabel(filter.label)})`,
  );
}
