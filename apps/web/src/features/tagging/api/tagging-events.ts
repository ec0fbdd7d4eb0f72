import type { TagEventChanged } from '@filmroom/contract';
import type { QueryClient } from '@tanstack/react-query';
import { defineEventHandler, invalidateAddresses } from '@/lib/server-events';
import { tagAddressPrefix } from './tag-keys';

/**
 * A `tag-event`: someone (another coach, or this page in another tab) tagged, changed or
 * deleted events of a video. Its events and counts are fetched again where a page shows them.
 */
async function applyTagEventToCache(
  queryClient: QueryClient,
  event: TagEventChanged,
): Promise<void> {
  const prefix = tagAddressPrefix(event.videoId);
  // Cancel first: a fetch in flight may have been answered before the change.
  await queryClient.cancelQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(prefix),
  });
  await invalidateAddresses(queryClient, (address) => address.startsWith(prefix));
}

export const taggingEventHandler = defineEventHandler({
  event: 'tag-event',
  apply: applyTagEventToCache,
  catchUp: (address) => /^\/api\/videos\/[^/]+\/tag-/.test(address),
});
