import type { TagEventChanged } from '@filmroom/contract';
import type { QueryClient } from '@tanstack/react-query';
import { defineEventHandler, invalidateAddresses } from '@/lib/server-events';
import { isSeasonAddress, isSeasonAddressOf, tagAddressPrefix } from './tag-keys';

/**
 * A `tag-event`: someone (another coach, or this page in another tab) tagged, changed or
 * deleted events of a video. Its events and counts are fetched again where a page shows them,
 * a season view counting it among its games too.
 */
async function applyTagEventToCache(
  queryClient: QueryClient,
  event: TagEventChanged,
): Promise<void> {
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
