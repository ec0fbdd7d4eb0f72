import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { annotationsQueryKey } from '@/lib/query-keys';
import { applyAnnotationsEventToCache } from './annotations-events';

const shown = '6f0c1a52-0000-4000-8000-000000000003';
const other = '6f0c1a52-0000-4000-8000-000000000004';

describe('applyAnnotationsEventToCache', () => {
  it("fetches the open video's annotations again, and leaves other videos' alone", async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retry: false } },
    });
    const fetches: Record<string, number> = { [shown]: 0, [other]: 0 };
    const watch = (videoId: string) => {
      const observer = new QueryObserver(client, {
        queryKey: annotationsQueryKey(videoId),
        queryFn: async () => {
          fetches[videoId] = (fetches[videoId] ?? 0) + 1;
          return [];
        },
      });
      return { observer, unsubscribe: observer.subscribe(() => undefined) };
    };
    const open = watch(shown);
    const closed = watch(other);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The other video's page has been left: its list is cached but nobody watches it.
    closed.unsubscribe();
    const before = { ...fetches };

    await applyAnnotationsEventToCache(client, { id: shown });
    await applyAnnotationsEventToCache(client, { id: other });

    expect(fetches[shown]).toBe(before[shown]! + 1);
    expect(fetches[other]).toBe(before[other]);
    expect(client.getQueryState(annotationsQueryKey(other))?.isInvalidated).toBe(true);
    open.unsubscribe();
  });
});
