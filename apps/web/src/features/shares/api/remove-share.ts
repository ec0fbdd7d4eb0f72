import type { MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { sharesQueryKey } from './get-shares';

async function removeShare(videoId: string, shareId: string): Promise<MessageResponse> {
  const res = await apiRequest('DELETE', `/api/videos/${videoId}/shares/${shareId}`);
  return (await res.json()) as MessageResponse;
}

/** Stops sharing with one address; the video leaves that person's list. */
export function useRemoveShare(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => removeShare(videoId, shareId),
    onSuccess: () => {
      toastSuccess('Share removed successfully');
      void queryClient.invalidateQueries({ queryKey: sharesQueryKey(videoId) });
    },
  });
}
