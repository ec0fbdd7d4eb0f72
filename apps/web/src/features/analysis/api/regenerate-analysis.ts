import type { Analysis, RegenerateBody, VideoDetail } from '@filmroom/contract';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/query-client';
import { videoQueryKey } from '@/lib/query-keys';

async function regenerateAnalysis(id: string, body: RegenerateBody): Promise<Analysis> {
  const res = await apiRequest('POST', `/api/videos/${id}/regenerate`, body);
  return (await res.json()) as Analysis;
}

const regenerateMutationKey = (id: string) => ['regenerate', id] as const;

/**
 * Re-runs the coach step with the instructions, or with a movement or slow-motion factor to
 * keep on the video (edit access). The answer is the new analysis: it replaces the one on the
 * page straight away. Failures get the shared Error toast (a 409 while the clip is still being
 * measured reads as its message).
 */
export function useRegenerateAnalysis(id: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: regenerateMutationKey(id),
    mutationFn: (body: RegenerateBody) => regenerateAnalysis(id, body),
    onSuccess: (analysis) => {
      queryClient.setQueryData<VideoDetail>(videoQueryKey(id), (previous) =>
        previous ? { ...previous, analysis } : previous,
      );
      toastSuccess('Analysis regenerated successfully');
      options.onSuccess?.();
    },
  });
}

/** Whether any Regenerate of this video is running (the dialog's or the Analysis tab's pickers). */
export function useIsRegenerating(id: string): boolean {
  return useIsMutating({ mutationKey: regenerateMutationKey(id) }) > 0;
}
