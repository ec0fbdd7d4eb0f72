import type { Video } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VIDEOS_QUERY_KEY } from '@/lib/query-keys';

function getVideosQueryOptions() {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<Video[]>({
    queryKey: VIDEOS_QUERY_KEY,
  });
}

/** The user's own videos and those shared with them, newest first. */
export function useVideos() {
  return useQuery(getVideosQueryOptions());
}
