import type { TagEventFilter, TagSeasonEvents, TagStats } from '@filmroom/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export type TagSeasonFilter = { by: 'label' | 'player'; period?: string };

/** `videoIds=a,b&…`: the games as the season view names them, then the filter's conditions. */
function seasonQuery(videoIds: readonly string[], conditions: Record<string, string | undefined>) {
  const query = new URLSearchParams({ videoIds: videoIds.join(',') });
  for (const [name, value] of Object.entries(conditions)) {
    if (value !== undefined) query.set(name, value);
  }
  return query.toString();
}

/** The counts matrix over the games picked, with the ratios of the code window named. */
export function useTagSeasonStats(
  videoIds: readonly string[],
  filter: TagSeasonFilter,
  templateId: string | undefined,
) {
  const query = seasonQuery(videoIds, { ...filter, templateId });
  return useQuery({
    ...queryOptions<TagStats>({
      queryKey: [`/api/tagging/stats?${query}`],
      meta: { showErrorToast: false },
    }),
    enabled: videoIds.length > 0,
    // Adding a game or switching label ↔ player keeps the old matrix up until the new lands.
    placeholderData: keepPreviousData,
  });
}

/** The events of an opened season cell, asked for with the cell's filter over the same games. */
export function useTagSeasonEvents(videoIds: readonly string[], filter: TagEventFilter | null) {
  return useQuery({
    ...queryOptions<TagSeasonEvents>({
      queryKey: [`/api/tagging/events?${seasonQuery(videoIds, { ...filter })}`],
      meta: { showErrorToast: false },
    }),
    enabled: filter !== null && videoIds.length > 0,
  });
}
