import type { VideoDetail } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/query-client';
import { videoQueryKey } from '@/lib/query-keys';

/** 404 (and 400 for an address that is no video id): the page says "Video not found". */
export function isVideoNotFound(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function getVideoQueryOptions(id: string) {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<VideoDetail>({
    queryKey: videoQueryKey(id),
    // The page itself says "Video not found"; other failures still get the Error toast.
    meta: { showErrorToast: (error: Error) => !isVideoNotFound(error) },
  });
}

/** One video with its analysis (null until one exists). */
export function useVideo(id: string) {
  return useQuery(getVideoQueryOptions(id));
}
