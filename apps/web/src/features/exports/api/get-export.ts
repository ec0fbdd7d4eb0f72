import type { VideoExport } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { exportQueryKey } from '@/lib/query-keys';

function getExportQueryOptions(id: string) {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<VideoExport>({
    queryKey: exportQueryKey(id),
    meta: { showErrorToast: false },
    // Status and progress arrive on the event stream (no polling); it fetches again when done.
    staleTime: Infinity,
  });
}

/** An export being made or made, kept live by `export` events. */
export function useExport(id: string | null) {
  return useQuery({ ...getExportQueryOptions(id ?? ''), enabled: id !== null });
}
