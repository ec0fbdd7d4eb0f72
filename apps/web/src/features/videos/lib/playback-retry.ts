/** Spec §9: a video that fails to load is reloaded at most 3 times, after 1 s, 2 s and 4 s. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
export const MAX_RETRIES = RETRY_DELAYS_MS.length;

export const RETRIES_EXHAUSTED_TEXT =
  'Try refreshing the page or contact support if the issue persists.';

/** The retry to make after `attemptsMade` retries failed, or null once all are used. */
export function nextRetry(attemptsMade: number): { attempt: number; delayMs: number } | null {
  const delayMs = RETRY_DELAYS_MS[attemptsMade];
  return delayMs === undefined ? null : { attempt: attemptsMade + 1, delayMs };
}

export type PlaybackError = { message: string; code: string };

/** What the browser reported, with the spec's fallbacks (spec §8). */
export function toPlaybackError(error: { message?: string; code?: number } | null): PlaybackError {
  return {
    message: error?.message || 'Unknown error',
    code: error?.code === undefined || error.code === null ? 'UNKNOWN' : String(error.code),
  };
}

export function playbackErrorText(error: PlaybackError): string {
  return `Error loading video: ${error.message} (Code: ${error.code})`;
}

/** The line under the error while a retry is waiting or under way. */
export function retryingText(attempt: number): string {
  return `Retrying... (Attempt ${attempt}/${MAX_RETRIES})`;
}
