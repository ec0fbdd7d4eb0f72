import type { PlaylistShare, SharePlaylistBody } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { playlistQueryKey } from '@/lib/query-keys';

async function sharePlaylist(playlistId: string, body: SharePlaylistBody): Promise<PlaylistShare> {
  const res = await apiRequest('POST', `/api/playlists/${playlistId}/shares`, body);
  return (await res.json()) as PlaylistShare;
}

export function useSharePlaylist(playlistId: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SharePlaylistBody) => sharePlaylist(playlistId, body),
    onSuccess: () => {
      toastSuccess('Playlist shared');
      void queryClient.invalidateQueries({ queryKey: playlistQueryKey(playlistId) });
      options.onSuccess?.();
    },
  });
}
