import type { AnalysisState, VideoDetail } from '@filmroom/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { videoQueryKey } from '@/lib/query-keys';
import { applyAnalysisEventToCache } from './video-events';

const id = '6f0c1a52-0000-4000-8000-000000000002';
const detail = {
  id,
  title: 'Squats',
  analysis: null,
  analysisState: null,
} as unknown as VideoDetail;
const state = (status: AnalysisState['status'], progress: number): AnalysisState => ({
  id,
  status,
  progress,
  failureReason: null,
});

describe('applyAnalysisEventToCache', () => {
  it('shows scan progress in the cached detail, and fetches the detail once the analysis is ready', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    let fetches = 0;
    const key = videoQueryKey(id);
    // An open detail page: an observed query, so invalidation fetches it again.
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => {
        fetches += 1;
        return fetches === 1
          ? detail
          : { ...detail, analysis: { textAnalysis: 'done', playerDetections: [] } };
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await observer.refetch();
    expect(fetches).toBe(1);

    await applyAnalysisEventToCache(client, state('scanning', 40));
    expect(client.getQueryData<VideoDetail>(key)?.analysisState).toEqual(state('scanning', 40));
    expect(fetches).toBe(1);

    await applyAnalysisEventToCache(client, state('ready', 100));
    expect(fetches).toBe(2);
    expect(client.getQueryData<VideoDetail>(key)?.analysis?.textAnalysis).toBe('done');
    unsubscribe();
  });
});
