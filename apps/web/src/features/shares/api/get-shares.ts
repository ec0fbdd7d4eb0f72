import type { Share } from '@filmroom/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function sharesQueryKey(videoId: string) {
  return [`/api/videos/${videoId}/shares`] as const;
}

function getSharesQueryOptions(videoId: string) {
  // The shared query function fetches the key's address (lib/query-client).
  return queryOptions<Share[]>({
    queryKey: sharesQueryKey(videoId),
    // The dialog shows its own error state.
    meta: { showErrorToast: false },
  });
}

/**
 * Who a video is shared with. Spec §6: loaded only for videos not shared to the viewer, and
 * here only while the Share dialog is open.
 */
export function useShares(videoId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getSharesQueryOptions(videoId), enabled });
}
