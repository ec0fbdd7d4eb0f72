import type { AnalysisRange, AnalysisRanges, NewAnalysisRanges } from '@filmroom/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { analysisRangesQueryKey } from '@/lib/query-keys';

/**
 * A video's chosen ranges, kept live by `analysis-range` events (no polling). `enabled: false`
 * waits until they are needed.
 */
export function useAnalysisRanges(videoId: string, { enabled = true } = {}) {
  return useQuery<AnalysisRanges>({
    queryKey: analysisRangesQueryKey(videoId),
    enabled,
    staleTime: Infinity,
    meta: { showErrorToast: false },
  });
}

function keepRanges(queryClient: QueryClient, videoId: string, changed: AnalysisRange[]) {
  queryClient.setQueryData<AnalysisRanges>(analysisRangesQueryKey(videoId), (known) => {
    if (!known) return known;
    const kept = known.ranges.map((range) => changed.find((c) => c.id === range.id) ?? range);
    const added = changed.filter((c) => !known.ranges.some((range) => range.id === c.id));
    return { ...known, ranges: [...kept, ...added] };
  });
}

/** Starts the analysis of chosen ranges (edit access); failures get the shared Error toast. */
export function useStartAnalysisRanges(videoId: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewAnalysisRanges) => {
      const res = await apiRequest('POST', `/api/videos/${videoId}/analysis-ranges`, body);
      return ((await res.json()) as { ranges: AnalysisRange[] }).ranges;
    },
    onSuccess: (ranges) => {
      keepRanges(queryClient, videoId, ranges);
      options.onSuccess?.();
    },
  });
}

/** Cancel (a running range) or restart (a failed or cancelled one). */
export function useChangeAnalysisRange(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ rangeId, action }: { rangeId: string; action: 'cancel' | 'restart' }) => {
      const res = await apiRequest(
        'POST',
        `/api/videos/${videoId}/analysis-ranges/${rangeId}/${action}`,
      );
      return (await res.json()) as AnalysisRange;
    },
    onSuccess: (range) => keepRanges(queryClient, videoId, [range]),
  });
}
