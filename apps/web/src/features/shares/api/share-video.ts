import type { Share, ShareVideoBody } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { sharesQueryKey } from './get-shares';

/** Shares by e-mail; sharing again with the same address changes the access level. */
async function shareVideo(videoId: string, body: ShareVideoBody): Promise<Share> {
  const res = await apiRequest('POST', `/api/videos/${videoId}/share`, body);
  return (await res.json()) as Share;
}

export function useShareVideo(videoId: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareVideoBody) => shareVideo(videoId, body),
    onSuccess: () => {
      toastSuccess('Video shared successfully');
      void queryClient.invalidateQueries({ queryKey: sharesQueryKey(videoId) });
      options.onSuccess?.();
    },
  });
}
