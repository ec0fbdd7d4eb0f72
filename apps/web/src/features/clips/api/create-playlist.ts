import type { CreatePlaylistBody, Playlist } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { playlistQueryKey } from './get-playlist';
import { PLAYLISTS_QUERY_KEY } from './get-playlists';

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
