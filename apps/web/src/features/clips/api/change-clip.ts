import type { ClipDetail } from '@filmroom/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { CLIPS_QUERY_KEY } from './get-clips';

// A clip shows inside playlists too (its title there, or its absence once deleted).
function refreshClipViews(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: CLIPS_QUERY_KEY });
  void queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/playlists'),
  });
}

export function useRenameClip(clipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (title: string) => {
      const res = await apiRequest('PATCH', `/api/clips/${clipId}`, { title });
      return (await res.json()) as ClipDetail;
    },
    onSuccess: () => refreshClipViews(queryClient),
  });
}

export function useDeleteClip(clipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', `/api/clips/${clipId}`);
    },
    onSuccess: () => refreshClipViews(queryClient),
  });
}
