import type { CreateExportBody, VideoExport } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { EXPORTS_QUERY_KEY, exportQueryKey } from '@/lib/query-keys';

async function createExport(body: CreateExportBody): Promise<VideoExport> {
  const res = await apiRequest('POST', '/api/exports', body);
  return (await res.json()) as VideoExport;
}

/** Starts an export; its entry in the cache is then kept live by the event stream. */
export function useCreateExport(options: { onSuccess?: (created: VideoExport) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExport,
    // The dialog shows what went wrong beside the Start button.
    meta: { showErrorToast: false },
    onSuccess: (created) => {
      queryClient.setQueryData(exportQueryKey(created.id), created);
      void queryClient.invalidateQueries({ queryKey: EXPORTS_QUERY_KEY });
      options.onSuccess?.(created);
    },
  });
}
