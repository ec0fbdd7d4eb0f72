import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { nextRetry, RETRY_DELAYS_MS, toPlaybackError } from '../../lib/playback-retry';
import type { PlaybackError } from '../../lib/playback-retry';

type LoadingState = {
  url: string;
  loaded: boolean;
  error: PlaybackError | null;
  /** Retries made (or the one waiting) since this url was set. */
  attempt: number;
  /** A retry is waiting for its delay to pass. */
  waiting: boolean;
  exhausted: boolean;
};

const fresh = (url: string): LoadingState => ({
  url,
  loaded: false,
  error: null,
  attempt: 0,
  waiting: false,
  exhausted: false,
});

/**
 * Spec §4: the loaded flag, the error and the retry count start afresh for each url; a failed
 * load is retried up to 3 times (1 s, 2 s, 4 s apart) by reloading the element.
 */
export function useVideoLoading(url: string, video: RefObject<HTMLVideoElement | null>) {
  const [state, setState] = useState<LoadingState>(() => fresh(url));
  // A new url: start over in this same render, so the old error never shows for it.
  const current = state.url === url ? state : fresh(url);
  if (current !== state) setState(current);

  useEffect(() => {
    if (!current.waiting) return;
    const delay = RETRY_DELAYS_MS[current.attempt - 1] ?? 0;
    const timer = setTimeout(() => {
      setState((previous) => (previous.url === url ? { ...previous, waiting: false } : previous));
      video.current?.load();
    }, delay);
    return () => clearTimeout(timer);
  }, [current.waiting, current.attempt, url, video]);

  return {
    loaded: current.loaded,
    error: current.error,
    attempt: current.attempt,
    exhausted: current.exhausted,
    onLoadedMetadata: () =>
      setState((previous) => ({ ...previous, loaded: true, error: null, exhausted: false })),
    onError: () => {
      const error = toPlaybackError(video.current?.error ?? null);
      setState((previous) => {
        const retry = nextRetry(previous.attempt);
        return retry
          ? { ...previous, loaded: false, error, attempt: retry.attempt, waiting: true }
          : { ...previous, loaded: false, error, waiting: false, exhausted: true };
      });
    },
  };
}
