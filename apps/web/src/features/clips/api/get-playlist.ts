import type { Playlist } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/query-client';
import { playlistQueryKey } from '@/lib/query-keys';

function getPlaylistQueryOptions(id: string) {
  return queryOptions<Playlist>({
    queryKey: playlistQueryKey(id),
    meta: { showErrorToast: false },
    // Kept fresh by `playlist` events (a clip added, a source video deleted...), not by refetching.
  });
}

export function usePlaylist(id: string) {
  return useQuery(getPlaylistQueryOptions(id));
}

export const isPlaylistNotFound = (error: Error) =>
  error instanceof ApiError && error.status === 404;
