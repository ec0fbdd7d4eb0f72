import type {
  AnalysisRangeEvent,
  AnalysisRanges,
  AnalysisState,
  AnnotationsChangedEvent,
  ExportEvent,
  PlaylistChangedEvent,
  Video,
  VideoDetail,
  VideoEvent,
  VideoPage,
  VideoExport,
  VideoExportList,
} from '@filmroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  applyAnalysisStateToList,
  applyVideoEvent,
  applyVideoEventToList,
  isFinalEvent,
} from '../lib/video-events';
import {
  analysisRangesQueryKey,
  annotationsQueryKey,
  EXPORTS_QUERY_KEY,
  exportQueryKey,
  NOTIFICATIONS_QUERY_KEY,
  PLAYLISTS_QUERY_KEY,
  playlistQueryKey,
  VIDEO_PAGES_QUERY_KEY,
  VIDEOS_QUERY_KEY,
  videoQueryKey,
  USER_QUERY_KEY,
} from '@/lib/query-keys';

const VIDEO_EVENTS_URL = '/api/events';

/** What a share, a team or a roster link can give and take away: asked again when access ends. */
const REACHABLE_BY_SHARING = [
  '/api/videos',
  '/api/playlists',
  '/api/clips',
  '/api/teams',
  '/api/exports',
  '/api/players',
];

/**
 * Refetches a query so that the answer is newer than an event just received. A fetch already
 * in flight may have been answered before the event happened, and invalidateQueries joins a
 * first load (no data yet) rather than restarting it; so cancel first, then refetch.
 */
async function refetchAfterEvent(queryClient: QueryClient, queryKey: readonly unknown[]) {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
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
  // The Videos page's pages, one set per search: the video is in at most one page of each.
  queryClient.setQueriesData<InfiniteData<VideoPage>>(
    { queryKey: VIDEO_PAGES_QUERY_KEY },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => {
          const result = applyVideoEventToList(page.videos, event);
          return result.found ? { ...page, videos: result.videos } : page;
        }),
      },
  );
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
  queryClient.setQueriesData<InfiniteData<VideoPage>>(
    { queryKey: VIDEO_PAGES_QUERY_KEY },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => {
          const result = applyAnalysisStateToList(page.videos, state);
          return result.found ? { ...page, videos: result.videos } : page;
        }),
      },
  );
  if (state.status === 'ready' || state.status === 'failed') {
    await refetchAfterEvent(queryClient, detailKey);
  }
}

/**
 * An `analysis-range` event: a chosen range of a long video moving on. Its progress goes into
 * the cached ranges; once it has ended (or is one this page has not seen), they are fetched again.
 */
async function applyAnalysisRangeEventToCache(
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

/**
 * An `annotations` event: someone added, deleted, replied to or reacted on one of the video's
 * annotations. Only a page showing that video has the list active and fetches it again.
 */
export async function applyAnnotationsEventToCache(
  queryClient: QueryClient,
  event: AnnotationsChangedEvent,
): Promise<void> {
  await refetchAfterEvent(queryClient, annotationsQueryKey(event.id));
}

/**
 * An `export` event: an export of a video moving on. Its cached entry (the exports feature's)
 * takes the progress; once it is ready or has failed, it is fetched again for its file.
 */
export async function applyExportEventToCache(
  queryClient: QueryClient,
  event: ExportEvent,
): Promise<void> {
  const key = exportQueryKey(event.id);
  const moved = (known: VideoExport): VideoExport =>
    known.id === event.id
      ? {
          ...known,
          status: event.status,
          progress: event.progress,
          failureReason: event.failureReason,
        }
      : known;
  queryClient.setQueryData<VideoExport>(key, (known) => (known ? moved(known) : known));
  queryClient.setQueryData<VideoExportList>(EXPORTS_QUERY_KEY, (list) =>
    list ? { exports: list.exports.map(moved) } : list,
  );
  if (event.status === 'ready' || event.status === 'failed') {
    await Promise.all([
      refetchAfterEvent(queryClient, key),
      refetchAfterEvent(queryClient, EXPORTS_QUERY_KEY),
    ]);
  }
}

/**
 * A `playlist` event: a playlist the user may see changed (its clips, their order or names, its
 * title, a source video deleted). The open playlist and the Playlists page fetch it again.
 */
async function applyPlaylistEventToCache(
  queryClient: QueryClient,
  event: PlaylistChangedEvent,
): Promise<void> {
  await Promise.all([
    refetchAfterEvent(queryClient, playlistQueryKey(event.id)),
    refetchAfterEvent(queryClient, PLAYLISTS_QUERY_KEY),
  ]);
}

/**
 * Listens to GET /api/events (server-sent events) for as long as someone is signed in, and
 * writes each video's status and progress into the cached list and detail. The server pushes;
 * nothing here polls (spec §7). Mount it once, inside the signed-in shell: logging out unmounts
 * the shell and closes the stream.
 */
export function useVideoEvents(featureHandlers: FeatureEventHandlers = NO_FEATURE_HANDLERS) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(VIDEO_EVENTS_URL);

    const onVideo = (message: MessageEvent<string>) => {
      let event: VideoEvent;
      try {
        event = JSON.parse(message.data) as VideoEvent;
      } catch {
        return;
      }
      void applyVideoEventToCache(queryClient, event);
    };
    const onAnalysis = (message: MessageEvent<string>) => {
      try {
        void applyAnalysisEventToCache(queryClient, JSON.parse(message.data) as AnalysisState);
      } catch {
        // an unreadable event changes nothing
      }
    };

    const onAnnotations = (message: MessageEvent<string>) => {
      try {
        void applyAnnotationsEventToCache(
          queryClient,
          JSON.parse(message.data) as AnnotationsChangedEvent,
        );
      } catch {
        // an unreadable event changes nothing
      }
    };

    const onAnalysisRange = (message: MessageEvent<string>) => {
      try {
        void applyAnalysisRangeEventToCache(
          queryClient,
          JSON.parse(message.data) as AnalysisRangeEvent,
        );
      } catch {
        // an unreadable event changes nothing
      }
    };

    const onExport = (message: MessageEvent<string>) => {
      try {
        void applyExportEventToCache(queryClient, JSON.parse(message.data) as ExportEvent);
      } catch {
        // an unreadable event changes nothing
      }
    };

    const onPlaylist = (message: MessageEvent<string>) => {
      try {
        void applyPlaylistEventToCache(
          queryClient,
          JSON.parse(message.data) as PlaylistChangedEvent,
        );
      } catch {
        // an unreadable event changes nothing
      }
    };

    // The user's own notifications changed (the bell's count): the list is fetched again.
    const onNotifications = () => {
      void refetchAfterEvent(queryClient, NOTIFICATIONS_QUERY_KEY);
    };

    // Some access of the user's ended (a share removed, taken off a team): everything shown is
    // asked again, so what is no longer theirs leaves the page at once.
    const onAccess = () => {
      void queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          REACHABLE_BY_SHARING.some((prefix) => (query.queryKey[0] as string).startsWith(prefix)),
      });
    };

    // Events sent before the stream opened are not replayed: the page's first fetch may predate
    // one (a video turning ready while the page loaded), and the browser's reconnections lose
    // those sent while the connection was down. So catch up each time the stream opens.
    const onOpen = () => {
      void queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          (query.queryKey[0].startsWith('/api/videos') ||
            query.queryKey[0].startsWith('/api/exports') ||
            query.queryKey[0].startsWith('/api/playlists') ||
            query.queryKey[0] === NOTIFICATIONS_QUERY_KEY[0]),
      });
    };

    source.addEventListener('video', onVideo);
    source.addEventListener('analysis', onAnalysis);
    source.addEventListener('analysis-range', onAnalysisRange);
    source.addEventListener('annotations', onAnnotations);
    source.addEventListener('export', onExport);
    source.addEventListener('playlist', onPlaylist);
    source.addEventListener('notifications', onNotifications);
    source.addEventListener('access', onAccess);
    // The server ends a stream whose session is gone (signed out elsewhere, disabled by an
    // administrator) and refuses it on reconnecting: ask who is signed in, so a page whose
    // session ended lands on the sign-in screen instead of silently going stale.
    const onError = () => {
      if (source.readyState === EventSource.CLOSED) {
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      }
    };
    source.addEventListener('error', onError);
    source.addEventListener('open', onOpen);
    const stopFeatureHandlers = listenForFeatures(source, queryClient, featureHandlers);
    return () => {
      stopFeatureHandlers();
      source.removeEventListener('error', onError);
      source.removeEventListener('access', onAccess);
      source.removeEventListener('video', onVideo);
      source.removeEventListener('analysis', onAnalysis);
      source.removeEventListener('analysis-range', onAnalysisRange);
      source.removeEventListener('annotations', onAnnotations);
      source.removeEventListener('export', onExport);
      source.removeEventListener('playlist', onPlaylist);
      source.removeEventListener('notifications', onNotifications);
      source.removeEventListener('open', onOpen);
      source.close();
    };
  }, [queryClient, featureHandlers]);
}

/** Events other features handle (e.g. `tag-event`): named by the app, which knows them all. */
export type FeatureEventHandlers = Record<
  string,
  (queryClient: QueryClient, data: never) => Promise<void>
>;

const NO_FEATURE_HANDLERS: FeatureEventHandlers = {};

function listenForFeatures(
  source: EventSource,
  queryClient: QueryClient,
  handlers: FeatureEventHandlers,
): () => void {
  const listeners = Object.entries(handlers).map(([type, handle]) => {
    const listener = (message: MessageEvent<string>) => {
      try {
        void handle(queryClient, JSON.parse(message.data) as never);
      } catch {
        // an unreadable event changes nothing
      }
    };
    source.addEventListener(type, listener);
    return () => source.removeEventListener(type, listener);
  });
  return () => listeners.forEach((stop) => stop());
}
