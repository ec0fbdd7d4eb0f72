import type { VideoExportList } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { EXPORTS_QUERY_KEY } from '@/lib/query-keys';

/** The user's exports still downloadable or being made; progress arrives on the event stream. */
export function useMyExports() {
  return useQuery(
    queryOptions<VideoExportList>({
      queryKey: EXPORTS_QUERY_KEY,
      meta: { showErrorToast: false },
      // An export expires by the clock, not by an event: a visit asks again.
      staleTime: 0,
    }),
  );
}
