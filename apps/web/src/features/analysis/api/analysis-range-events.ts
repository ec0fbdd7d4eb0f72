import type { AnalysisRangeEvent, AnalysisRanges } from '@filmroom/contract';
import type { QueryClient } from '@tanstack/react-query';
import { analysisRangesQueryKey } from '@/lib/query-keys';
import { defineEventHandler, refetchAfterEvent } from '@/lib/server-events';

/**
 * An `analysis-range` event: a chosen range of a long video moving on. Its progress goes into
 * the cached ranges; once it has ended (or is one this page has not seen), they are fetched again.
 */
export async function applyAnalysisRangeEventToCache(
  queryClient: QueryClient,
  event: AnalysisRangeEvent,
): Promise<void> {
  const key = analysisRangesQueryKey(event.videoId);
  let known = false;
  queryClient.setQueryData<AnalysisRanges>(key, (data) =>
    data
      ? {
          ...data,
          ranges: data.ranges.map((range) => {
            if (range.id !== event.id) return range;
            known = true;
            const { status, progress, failureReason } = event;
            return { ...range, status, progress, failureReason };
          }),
        }
      : data,
  );
  const ended = event.status === 'ready' || event.status === 'failed';
  if (ended || !known) await refetchAfterEvent(queryClient, key);
}

export const analysisRangeEventHandler = defineEventHandler({
  event: 'analysis-range',
  apply: applyAnalysisRangeEventToCache,
  catchUp: (address) => /^\/api\/videos\/[^/]+\/analysis-ranges$/.test(address),
});
