import type { Annotation, Reaction, ReactionSummary } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { annotationsQueryKey } from '@/lib/query-keys';

/** Gives the reaction, or takes it back when given; answers with the new tallies. */
async function toggleReaction(annotationId: string, reaction: Reaction): Promise<ReactionSummary> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('POST', `/api/annotations/${annotationId}/reactions`, {
      reaction,
    });
    return (await res.json()) as ReactionSummary;
  }, 'Failed to update reaction');
}

/** Writes an annotation's (or a reply's) new tallies into the cached list. */
export function withReactions(
  annotations: Annotation[],
  annotationId: string,
  reactions: ReactionSummary,
): Annotation[] {
  return annotations.map((annotation) =>
    annotation.id === annotationId
      ? { ...annotation, reactions }
      : {
          ...annotation,
          replies: annotation.replies.map((reply) =>
            reply.id === annotationId ? { ...reply, reactions } : reply,
          ),
        },
  );
}

/**
 * The answer carries the asker's own `mine` flags, so it goes straight into the cache; a
 * refetch would only say the same (the event stream's refetch still brings others' changes).
 */
export function useToggleReaction(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ annotationId, reaction }: { annotationId: string; reaction: Reaction }) =>
      toggleReaction(annotationId, reaction),
    onSuccess: (reactions, { annotationId }) => {
      queryClient.setQueryData<Annotation[]>(annotationsQueryKey(videoId), (annotations) =>
        annotations ? withReactions(annotations, annotationId, reactions) : annotations,
      );
      toastSuccess('Reaction updated successfully');
    },
  });
}
