import type { MessageResponse } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { annotationsQueryKey } from '@/lib/query-keys';

/** Deletes a note with its replies and voice note, or one reply (spec §7). */
async function deleteAnnotation(videoId: string, annotationId: string): Promise<MessageResponse> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('DELETE', `/api/videos/${videoId}/annotations/${annotationId}`);
    return (await res.json()) as MessageResponse;
  }, 'Failed to delete annotation');
}

/** Spec §4: a direct delete button, no confirmation. */
export function useDeleteAnnotation(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (annotationId: string) => deleteAnnotation(videoId, annotationId),
    onSuccess: (response) => {
      toastSuccess(response.message || 'Annotation deleted successfully');
      void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(videoId) });
    },
  });
}
