import type { AnnotationReply } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { annotationsQueryKey } from '@/lib/query-keys';

async function addReply(
  videoId: string,
  annotationId: string,
  content: string,
): Promise<AnnotationReply> {
  return withFallbackMessage(async () => {
    const res = await apiRequest(
      'POST',
      `/api/videos/${videoId}/annotations/${annotationId}/replies`,
      { content },
    );
    return (await res.json()) as AnnotationReply;
  }, 'Failed to add reply');
}

export function useAddReply(videoId: string, annotationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addReply(videoId, annotationId, content),
    onSuccess: () => {
      toastSuccess('Reply added successfully');
      void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(videoId) });
    },
  });
}
