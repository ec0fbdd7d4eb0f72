import type { Video, VideoEvent, VideoPage } from '@filmroom/contract';
import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { applyVideoEventToCache } from './video-events';
import { VIDEO_PAGES_QUERY_KEY, VIDEOS_QUERY_KEY } from '@/lib/query-keys';
import { testVideo } from '../lib/test-video';

const video = testVideo;

const ready = video({
  status: 'ready',
  progress: 100,
  url: '/uploads/videos/x/media.mp4',
  duration: 13,
});
const readyEvent: VideoEvent = {
  id: ready.id,
  status: 'ready',
  progress: 100,
  failureReason: null,
};

/** A server whose answers the test hands out one by one. */
function deferredServer() {
  const pending: ((videos: Video[]) => void)[] = [];
  return {
    calls: () => pending.length,
    queryFn: () => new Promise<Video[]>((resolve) => pending.push(resolve)),
    answer: (index: number, videos: Video[]) => pending[index]!(videos),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

let unsubscribe: (() => void) | undefined;
afterEach(() => unsubscribe?.());

function watchedList(server: ReturnType<typeof deferredServer>) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn: server.queryFn } },
  });
  // An open page watching the list, as the Dashboard does.
  const observer = new QueryObserver<Video[]>(queryClient, { queryKey: VIDEOS_QUERY_KEY });
  unsubscribe = observer.subscribe(() => undefined);
  return queryClient;
}

describe('applyVideoEventToCache', () => {
  it('updates a loaded list in place and fetches the finished video again', async () => {
    const server = deferredServer();
    const queryClient = watchedList(server);
    await tick();
    server.answer(0, [video()]);
    await tick();

    void applyVideoEventToCache(queryClient, { ...readyEvent, status: 'processing', progress: 40 });
    expect(queryClient.getQueryData<Video[]>(VIDEOS_QUERY_KEY)?.[0]?.progress).toBe(40);
    expect(server.calls()).toBe(1);

    const done = applyVideoEventToCache(queryClient, readyEvent);
    await tick();
    expect(server.calls()).toBe(2);
    server.answer(1, [ready]);
    await done;
    expect(queryClient.getQueryData<Video[]>(VIDEOS_QUERY_KEY)?.[0]).toEqual(ready);
  });

  it('fetches again when a video finishes while the first load is still on its way', async () => {
    // The page's first fetch was answered (processing) just before the video finished; the
    // event must not be lost by joining that stale answer.
    const server = deferredServer();
    const queryClient = watchedList(server);
    await tick();
    expect(server.calls()).toBe(1);

    const done = applyVideoEventToCache(queryClient, readyEvent);
    await tick();
    server.answer(0, [video()]);
    expect(server.calls()).toBe(2);
    server.answer(1, [ready]);
    await done;
    await tick();
    expect(queryClient.getQueryData<Video[]>(VIDEOS_QUERY_KEY)?.[0]?.status).toBe('ready');
  });

  it('fetches the list again for a video it has not seen', async () => {
    const server = deferredServer();
    const queryClient = watchedList(server);
    await tick();
    server.answer(0, []);
    await tick();
    void applyVideoEventToCache(queryClient, { ...readyEvent, status: 'processing', progress: 5 });
    await tick();
    expect(server.calls()).toBe(2);
  });
});

describe('applyVideoEventToCache on the Videos page’s pages', () => {
  function watchedPages(answers: VideoPage[][]) {
    let calls = 0;
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    const key = [...VIDEO_PAGES_QUERY_KEY, 'drill'];
    const observer = new InfiniteQueryObserver<
      VideoPage,
      Error,
      InfiniteData<VideoPage>,
      readonly unknown[],
      string | null
    >(queryClient, {
      queryKey: key,
      queryFn: ({ pageParam }) => {
        calls += 1;
        const round = answers[Math.min(calls - 1, answers.length - 1)]!;
        return Promise.resolve(round[pageParam === null ? 0 : 1]!);
      },
      initialPageParam: null,
      getNextPageParam: (page) => page.nextCursor,
    });
    unsubscribe = observer.subscribe(() => undefined);
    return {
      queryClient,
      observer,
      calls: () => calls,
      data: () => queryClient.getQueryData<InfiniteData<VideoPage>>(key),
    };
  }

  it('updates the video in whichever loaded page holds it, and fetches again when it is done', async () => {
    const other = video({ id: '7f8e9d0c-1b2a-4c3d-8e4f-5a6b7c8d9e0f', title: 'Other drill' });
    const first = { videos: [other], nextCursor: 'next' };
    const second = { videos: [video()], nextCursor: null };
    const pages = watchedPages([[first, second]]);
    await tick();
    await pages.observer.fetchNextPage();
    expect(pages.calls()).toBe(2);
    const untouched = pages.data()?.pages[0];

    void applyVideoEventToCache(pages.queryClient, {
      ...readyEvent,
      status: 'processing',
      progress: 40,
    });
    expect(pages.data()?.pages[1]?.videos[0]?.progress).toBe(40);
    // The page without it is left as it was.
    expect(pages.data()?.pages[0]).toBe(untouched);
    expect(pages.calls()).toBe(2);

    await applyVideoEventToCache(pages.queryClient, readyEvent);
    // Both loaded pages are fetched again, in order.
    expect(pages.calls()).toBe(4);
  });
});
