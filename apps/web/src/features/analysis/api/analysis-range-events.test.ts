import type { AnalysisRange, AnalysisRanges } from '@filmroom/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { analysisRangesQueryKey } from '@/lib/query-keys';
import { applyAnalysisRangeEventToCache } from './analysis-range-events';

const videoId = '6f0c1a52-0000-4000-8000-000000000005';
const range: AnalysisRange = {
  id: '6f0c1a52-0000-4000-8000-0000000000a1',
  videoId,
  start: 60,
  end: 90,
  status: 'scanning',
  progress: 10,
  failureReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  analysis: null,
};

/** A page showing the video's ranges, and how often it has fetched them. */
async function watchedRanges() {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  let fetches = 0;
  const observer = new QueryObserver<AnalysisRanges>(client, {
    queryKey: analysisRangesQueryKey(videoId),
    queryFn: async () => {
      fetches += 1;
      return { autoAnalysisMaxSeconds: 600, ranges: [range] };
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const cached = () => client.getQueryData<AnalysisRanges>(analysisRangesQueryKey(videoId));
  return { client, cached, fetches: () => fetches, unsubscribe };
}

describe('applyAnalysisRangeEventToCache', () => {
  it("writes a known range's progress in place, and fetches the ranges again once it ends", async () => {
    const page = await watchedRanges();
    const event = { id: range.id, videoId, failureReason: null };

    await applyAnalysisRangeEventToCache(page.client, {
      ...event,
      status: 'scanning',
      progress: 55,
    });
    expect(page.cached()?.ranges[0]?.progress).toBe(55);
    expect(page.fetches()).toBe(1);

    await applyAnalysisRangeEventToCache(page.client, { ...event, status: 'ready', progress: 100 });
    expect(page.fetches()).toBe(2);
    page.unsubscribe();
  });

  it('fetches the ranges again for a range the page has not seen', async () => {
    const page = await watchedRanges();

    await applyAnalysisRangeEventToCache(page.client, {
      id: '6f0c1a52-0000-4000-8000-0000000000a2',
      videoId,
      status: 'scanning',
      progress: 5,
      failureReason: null,
    });

    expect(page.fetches()).toBe(2);
    page.unsubscribe();
  });
});
