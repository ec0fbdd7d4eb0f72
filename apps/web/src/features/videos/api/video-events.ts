import type { AnalysisState, Video, VideoDetail, VideoEvent, VideoPage } from '@filmroom/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  applyAnalysisStateToList,
  applyVideoEvent,
  applyVideoEventToList,
  isFinalEvent,
} from '../lib/video-events';
import { VIDEO_PAGES_QUERY_KEY, VIDEOS_QUERY_KEY, videoQueryKey } from '@/lib/query-keys';
import { defineEventHandler, refetchAfterEvent } from '@/lib/server-events';

/** The video list, its pages and each video's detail with its analysis. */
const isVideoAddress = (address: string) => address.startsWith(VIDEOS_QUERY_KEY[0]);

/**
 * Changes one video in the Videos page's pages, one set per search: the video is in at most one
 * page of each, and the pages it is not in stay as they were.
 */
function updateVideoPages(
  queryClient: QueryClient,
  update: (videos: Video[]) => { found: boolean; videos: Video[] },
) {
  queryClient.setQueriesData<InfiniteData<VideoPage>>(
    { queryKey: VIDEO_PAGES_QUERY_KEY },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => {
          const result = update(page.videos);
          return result.found ? { ...page, videos: result.videos } : page;
        }),
      },
  );
}

/** Writes one `video` event into the cached list and detail, fetching again where needed. */
export async function applyVideoEventToCache(
  queryClient: QueryClient,
  event: VideoEvent,
): Promise<void> {
  const detailKey = videoQueryKey(event.id);
  queryClient.setQueryData<VideoDetail>(detailKey, (video) =>
    video ? applyVideoEvent(video, event) : video,
  );
  let listKnowsVideo = true;
  queryClient.setQueryData<Video[]>(VIDEOS_QUERY_KEY, (videos) => {
    if (!videos) return videos;
    const result = applyVideoEventToList(videos, event);
    listKnowsVideo = result.found;
    return result.videos;
  });
  updateVideoPages(queryClient, (videos) => applyVideoEventToList(videos, event));
  if (isFinalEvent(event)) {
    // Ready or failed: url, poster, duration and size are only in a fresh fetch.
    await Promise.all([
      refetchAfterEvent(queryClient, VIDEOS_QUERY_KEY),
      refetchAfterEvent(queryClient, detailKey),
    ]);
  } else if (!listKnowsVideo) {
    // A video this list has not seen (uploaded in another tab). cancelRefetch off: a burst of
    // progress events must not keep restarting that fetch.
    await queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }, { cancelRefetch: false });
  }
}

/**
 * Writes one `analysis` event (scan and write-up progress) into the cached detail and the
 * cards of the lists; once the analysis is ready or has failed, fetches the detail again for
 * its text and coaching points.
 */
export async function applyAnalysisEventToCache(
  queryClient: QueryClient,
  state: AnalysisState,
): Promise<void> {
  const detailKey = videoQueryKey(state.id);
  queryClient.setQueryData<VideoDetail>(detailKey, (video) =>
    video ? { ...video, analysisState: state } : video,
  );
  queryClient.setQueryData<Video[]>(
    VIDEOS_QUERY_KEY,
    (videos) => videos && applyAnalysisStateToList(videos, state).videos,
  );
  updateVideoPages(queryClient, (videos) => applyAnalysisStateToList(videos, state));
  if (state.status === 'ready' || state.status === 'failed') {
    await refetchAfterEvent(queryClient, detailKey);
  }
}

/** A video's preparation moving on: its card and page follow (see applyVideoEventToCache). */
export const videoEventHandler = defineEventHandler({
  event: 'video',
  apply: applyVideoEventToCache,
  catchUp: isVideoAddress,
});

/** A video's scan and write-up moving on (see applyAnalysisEventToCache). */
export const analysisEventHandler = defineEventHandler({
  event: 'analysis',
  apply: applyAnalysisEventToCache,
  catchUp: isVideoAddress,
});
