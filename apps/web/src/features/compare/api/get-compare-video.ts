import type { VideoDetail } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/query-client';
import { videoQueryKey } from '@/lib/query-keys';

/**
 * 404 (and 403, 400): that side names a video this person may not see, or none at all. The
 * side says so itself, so no Error toast.
 */
export function isSideUnavailable(error: Error): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

/**
 * One side's video with its analysis, under the video page's own key: opening Compare from a
 * video reuses what that page already fetched.
 */
export function useCompareVideo(id: string | null) {
  return useQuery({
    ...queryOptions<VideoDetail>({
      queryKey: videoQueryKey(id ?? ''),
      meta: { showErrorToast: (error: Error) => !isSideUnavailable(error) },
    }),
    enabled: id !== null,
  });
}
