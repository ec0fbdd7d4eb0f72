import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { EXPORTS_QUERY_KEY, exportQueryKey } from '@/lib/query-keys';

/** Stops an export being made, or removes a finished one and its file. */
export function useDeleteExport(exportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', `/api/exports/${exportId}`);
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: exportQueryKey(exportId) });
      void queryClient.invalidateQueries({ queryKey: EXPORTS_QUERY_KEY });
    },
  });
}
