import type { TagEventChanged } from '@filmroom/contract';
import type { QueryClient } from '@tanstack/react-query';
import { tagAddressPrefix } from './tag-keys';

/**
 * A `tag-event` from the event stream: someone (another coach, or this page in another tab)
 * tagged, changed or deleted events of a video. Its events and counts are fetched again where
 * a page shows them.
 */
export async function applyTagEventChange(
  queryClient: QueryClient,
  event: TagEventChanged,
): Promise<void> {
  const prefix = tagAddressPrefix(event.videoId);
  const predicate = (query: { queryKey: readonly unknown[] }) =>
    typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(prefix);
  // Cancel first: a fetch in flight may have been answered before the change.
  await queryClient.cancelQueries({ predicate });
  await queryClient.invalidateQueries({ predicate });
}
