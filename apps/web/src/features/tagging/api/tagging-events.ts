import type { AnalysisRangeEvent, AnalysisState, TagEventChanged } from '@filmroom/contract';
import type { QueryClient } from '@tanstack/react-query';
import { defineEventHandler, invalidateAddresses, refetchAfterEvent } from '@/lib/server-events';
import {
  isSeasonAddress,
  isSeasonAddressOf,
  tagAddressPrefix,
  tagSuggestionsQueryKey,
} from './tag-keys';

/**
 * A `tag-event`: someone (another coach, or this page in another tab) tagged, changed or
 * deleted events of a video. Its events and counts are fetched again where a page shows them,
 * a season view counting it among its games too. A dismissed suggestion changed no event: only
 * the "Suggested" row is fetched again.
 */
async function applyTagEventToCache(
  queryClient: QueryClient,
  event: TagEventChanged,
): Promise<void> {
  if (event.change === 'suggestion-dismissed') {
    await refetchAfterEvent(queryClient, tagSuggestionsQueryKey(event.videoId));
    return;
  }
  const prefix = tagAddressPrefix(event.videoId);
  // The video's own addresses, and the season views counting it among their games.
  const concerned = (address: string) =>
    address.startsWith(prefix) || isSeasonAddressOf(address, event.videoId);
  // Cancel first: a fetch in flight may have been answered before the change.
  await queryClient.cancelQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && concerned(query.queryKey[0]),
  });
  await invalidateAddresses(queryClient, concerned);
}

export const taggingEventHandler = defineEventHandler({
  event: 'tag-event',
  apply: applyTagEventToCache,
  catchUp: (address) => /^\/api\/videos\/[^/]+\/tag-/.test(address) || isSeasonAddress(address),
});

/**
 * Suggestions are worked out from the video's analyses: a written (or failed) analysis may
 * bring new ones or take them away, so an open "Suggested" row asks again. Progress ticks
 * change nothing.
 */
export const suggestionsOnAnalysisHandler = defineEventHandler({
  event: 'analysis',
  apply: async (queryClient, state: AnalysisState) => {
    if (state.status !== 'ready' && state.status !== 'failed') return;
    await refetchAfterEvent(queryClient, tagSuggestionsQueryKey(state.id));
  },
});

/**
 * The same for a chosen range: ready brings its suggestions; queued again (a re-run), failed or
 * cancelled takes them away until it is ready.
 */
export const suggestionsOnRangeHandler = defineEventHandler({
  event: 'analysis-range',
  apply: async (queryClient, range: AnalysisRangeEvent) => {
    if (range.status === 'scanning' || range.status === 'analysing') return;
    await refetchAfterEvent(queryClient, tagSuggestionsQueryKey(range.videoId));
  },
});
