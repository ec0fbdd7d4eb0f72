import type { PlaylistSummary } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const PLAYLISTS_QUERY_KEY = ['/api/playlists'] as const;

function getPlaylistsQueryOptions() {
  return queryOptions<PlaylistSummary[]>({
    queryKey: PLAYLISTS_QUERY_KEY,
    meta: { showErrorToast: false },
    // A video deleted elsewhere takes clips out of playlists: a visit shows the list afresh.
    staleTime: 0,
  });
}

/** The user's playlists, then those shared with them. */
export function usePlaylists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPlaylistsQueryOptions(), enabled });
}
