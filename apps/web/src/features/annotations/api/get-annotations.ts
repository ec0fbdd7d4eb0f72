import type { Annotation } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { annotationsQueryKey } from '@/lib/query-keys';

function getAnnotationsQueryOptions(videoId: string) {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<Annotation[]>({
    queryKey: annotationsQueryKey(videoId),
    // The Notes tab shows its own error state with Retry.
    meta: { showErrorToast: false },
  });
}

/**
 * A video's annotations by time, each with its replies and reactions. Kept current by the
 * mutations here and by the event stream's `annotations` events (someone else's changes).
 */
export function useAnnotations(videoId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAnnotationsQueryOptions(videoId), enabled });
}
