import type { AnnotationReply, Drawing } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { annotationsQueryKey } from '@/lib/query-keys';

/** Text, a drawing on the note's frame, or both. */
export type NewReply = { content: string; drawing: Drawing | null };

async function addReply(
  videoId: string,
  annotationId: string,
  reply: NewReply,
): Promise<AnnotationReply> {
  return withFallbackMessage(async () => {
    const res = await apiRequest(
      'POST',
      `/api/videos/${videoId}/annotations/${annotationId}/replies`,
      reply,
    );
    return (await res.json()) as AnnotationReply;
  }, 'Failed to add reply');
}

export function useAddReply(videoId: string, annotationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: NewReply) => addReply(videoId, annotationId, reply),
    onSuccess: () => {
      toastSuccess('Reply added successfully');
      void queryClient.invalidateQueries({ queryKey: annotationsQueryKey(videoId) });
    },
  });
}
