import type { TagPlaylistBody, TagPlaylistResult, TagSeasonPlaylistBody } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { PLAYLISTS_QUERY_KEY } from '@/lib/query-keys';

async function makeTagPlaylist(videoId: string, body: TagPlaylistBody) {
  const res = await apiRequest('POST', `/api/videos/${videoId}/tag-events/playlist`, body);
  return (await res.json()) as TagPlaylistResult;
}

/** A playlist of the user's own with one clip per chosen event. */
export function useMakeTagPlaylist(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagPlaylistBody) => makeTagPlaylist(videoId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY }),
  });
}

async function makeSeasonTagPlaylist(body: TagSeasonPlaylistBody) {
  const res = await apiRequest('POST', '/api/tagging/playlist', body);
  return (await res.json()) as TagPlaylistResult;
}

/** One playlist of the user's own of a season cell's events across its games, in game order. */
export function useMakeSeasonTagPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeSeasonTagPlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY }),
  });
}
