import type { Annotation, AnnotationUser, User } from '@filmroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest, withFallbackMessage } from '@/lib/query-client';
import { annotationsQueryKey, USER_QUERY_KEY } from '@/lib/query-keys';

type Resolution = Pick<Annotation, 'resolvedAt' | 'resolvedBy'>;

/** Marks a note resolved, or open again; answers with the note as it now is. */
async function resolveAnnotation(
  videoId: string,
  annotationId: string,
  resolved: boolean,
): Promise<Annotation> {
  return withFallbackMessage(async () => {
    const res = await apiRequest('PATCH', `/api/videos/${videoId}/annotations/${annotationId}`, {
      resolved,
    });
    return (await res.json()) as Annotation;
  }, 'Failed to update annotation');
}

/** Writes a note's resolution into the cached list. */
export function withResolution(
  annotations: Annotation[],
  annotationId: string,
  resolution: Resolution,
): Annotation[] {
  return annotations.map((annotation) =>
    annotation.id === annotationId ? { ...annotation, ...resolution } : annotation,
  );
}

/** What the list shows at once, before the server answers: resolved now, by the asker. */
export function expectedResolution(
  resolved: boolean,
  by: AnnotationUser | null,
  now: Date,
): Resolution {
  return resolved
    ? { resolvedAt: now.toISOString(), resolvedBy: by }
    : { resolvedAt: null, resolvedBy: null };
}

/**
 * Resolve or reopen (issue 16 item 5). The list changes at once (a coach going through notes
 * should not wait on each one) and goes back if the server refuses; the server's answer then
 * settles the exact time and who.
 */
export function useResolveAnnotation(videoId: string) {
  const queryClient = useQueryClient();
  const key = annotationsQueryKey(videoId);
  return useMutation({
    mutationFn: ({ annotationId, resolved }: { annotationId: string; resolved: boolean }) =>
      resolveAnnotation(videoId, annotationId, resolved),
    onMutate: async ({ annotationId, resolved }) => {
      // A refetch in flight (the event stream's) would overwrite the change with the old list.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Annotation[]>(key);
      const user = queryClient.getQueryData<User>(USER_QUERY_KEY);
      const by = user ? { id: user.id, name: user.name, avatarUrl: user.avatarUrl } : null;
      queryClient.setQueryData<Annotation[]>(key, (annotations) =>
        annotations
          ? withResolution(annotations, annotationId, expectedResolution(resolved, by, new Date()))
          : annotations,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (annotation, { resolved }) => {
      queryClient.setQueryData<Annotation[]>(key, (annotations) =>
        annotations
          ? withResolution(annotations, annotation.id, {
              resolvedAt: annotation.resolvedAt,
              resolvedBy: annotation.resolvedBy,
            })
          : annotations,
      );
      toastSuccess(resolved ? 'Annotation resolved' : 'Annotation reopened');
    },
  });
}
