import type { Playlist } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/query-client';

export function playlistQueryKey(id: string) {
  return [`/api/playlists/${id}`] as const;
}

function getPlaylistQueryOptions(id: string) {
  return queryOptions<Playlist>({
    queryKey: playlistQueryKey(id),
    meta: { showErrorToast: false },
    // A source video deleted since the last visit must show as a removed clip at once.
    staleTime: 0,
  });
}

export function usePlaylist(id: string) {
  return useQuery(getPlaylistQueryOptions(id));
}

export const isPlaylistNotFound = (error: Error) =>
  error instanceof ApiError && error.status === 404;
