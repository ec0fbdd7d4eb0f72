import type { Video, VideoEvent } from '@filmroom/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { applyVideoEventToCache } from './video-events';
import { VIDEOS_QUERY_KEY } from '@/lib/query-keys';
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
