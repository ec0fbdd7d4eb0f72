import type { AnalysisState, Video, VideoEvent } from '@filmroom/contract';

/** Merges a status/progress event into one cached video; the same object when nothing changed. */
export function applyVideoEvent<T extends Video>(video: T, event: VideoEvent): T {
  if (video.id !== event.id) return video;
  if (
    video.status === event.status &&
    video.progress === event.progress &&
    video.failureReason === event.failureReason
  ) {
    return video;
  }
  return {
    ...video,
    status: event.status,
    progress: event.progress,
    failureReason: event.failureReason,
  };
}

/** The cached list with the event applied; `found` says whether the list knew the video. */
export function applyVideoEventToList(
  videos: readonly Video[],
  event: VideoEvent,
): { videos: Video[]; found: boolean } {
  let found = false;
  const next = videos.map((video) => {
    if (video.id !== event.id) return video;
    found = true;
    return applyVideoEvent(video, event);
  });
  return { videos: next, found };
}

/**
 * Once preparation ends the server has new fields (url, poster, duration, size) that events
 * do not carry, so the video is fetched again then.
 */
export function isFinalEvent(event: VideoEvent): boolean {
  return event.status === 'ready' || event.status === 'failed';
}

/** The cached list with an analysis's progress written into its video's card. */
export function applyAnalysisStateToList(
  videos: readonly Video[],
  state: AnalysisState,
): { videos: Video[]; found: boolean } {
  let found = false;
  const next = videos.map((video) => {
    if (video.id !== state.id) return video;
    found = true;
    return { ...video, analysisState: state };
  });
  return { videos: next, found };
}
