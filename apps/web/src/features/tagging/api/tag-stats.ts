import type { TagStats } from '@filmroom/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export type TagStatsFilter = { by: 'label' | 'player'; period?: string };

/**
 * The counts matrix of a video's events, by label or by player, for one period or all; with
 * the ratios of the code window named.
 */
export function useTagStats(videoId: string, filter: TagStatsFilter, templateId?: string) {
  const query = new URLSearchParams({ by: filter.by });
  if (filter.period) query.set('period', filter.period);
  if (templateId) query.set('templateId', templateId);
  return useQuery({
    ...queryOptions<TagStats>({
      queryKey: [`/api/videos/${videoId}/tag-stats?${query.toString()}`],
      meta: { showErrorToast: false },
    }),
    // Switching label ↔ player keeps the old matrix on screen until the new one lands.
    placeholderData: keepPreviousData,
  });
}
