import type { PlaylistSummary } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLAYLISTS_QUERY_KEY } from '@/lib/query-keys';

function getPlaylistsQueryOptions() {
  return queryOptions<PlaylistSummary[]>({
    queryKey: PLAYLISTS_QUERY_KEY,
    meta: { showErrorToast: false },
    // Kept fresh by `playlist` events and by the catch-up when the event stream (re)opens.
  });
}

/** The user's playlists, then those shared with them. */
export function usePlaylists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPlaylistsQueryOptions(), enabled });
}
