import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { playlistQueryKey } from '@/lib/query-keys';

export function useRemovePlaylistShare(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shareId: string) => {
      await apiRequest('DELETE', `/api/playlists/${playlistId}/shares/${shareId}`);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: playlistQueryKey(playlistId) }),
  });
}
