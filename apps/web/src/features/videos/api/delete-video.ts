import type { MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { VIDEOS_QUERY_KEY, videoQueryKey } from '@/lib/query-keys';

/**
 * Spec §8: a failed delete reads the JSON message, else the status text, else 'Failed to
 * delete video'; a request that cannot even start says 'Failed to initiate video deletion'.
 */
async function deleteVideo(id: string): Promise<MessageResponse> {
  let res: Response;
  try {
    res = await fetch(`/api/videos/${id}`, { method: 'DELETE', credentials: 'include' });
  } catch {
    throw new Error('Failed to initiate video deletion');
  }
  const body = (await res.json().catch(() => null)) as Partial<MessageResponse> | null;
  if (!res.ok) {
    const message = typeof body?.message === 'string' ? body.message : '';
    throw new Error(message || res.statusText || 'Failed to delete video');
  }
  return { message: body?.message ?? 'Video deleted successfully' };
}

/** Deletes the video; the caller leaves its page first (spec §4: back to /). */
export function useDeleteVideo(id: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVideo(id),
    onSuccess: () => {
      toastSuccess('Video deleted successfully');
      options.onSuccess?.();
      // Forget the page's data rather than refetch it: the video is gone.
      queryClient.removeQueries({ queryKey: videoQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    },
  });
}
