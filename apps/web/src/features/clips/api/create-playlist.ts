import type { CreatePlaylistBody, Playlist } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { PLAYLISTS_QUERY_KEY, playlistQueryKey } from '@/lib/query-keys';

async function createPlaylist(body: CreatePlaylistBody): Promise<Playlist> {
  const res = await apiRequest('POST', '/api/playlists', body);
  return (await res.json()) as Playlist;
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: (playlist) => {
      queryClient.setQueryData(playlistQueryKey(playlist.id), playlist);
      void queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY });
    },
  });
}
