import { describe, expect, it } from 'vitest';
import {
  MAX_RETRIES,
  nextRetry,
  playbackErrorText,
  RETRIES_EXHAUSTED_TEXT,
  retryingText,
  toPlaybackError,
} from './playback-retry';

describe('nextRetry', () => {
  it('retries 3 times, after 1 s, 2 s and 4 s, then gives up', () => {
    expect(MAX_RETRIES).toBe(3);
    expect(nextRetry(0)).toEqual({ attempt: 1, delayMs: 1000 });
    expect(nextRetry(1)).toEqual({ attempt: 2, delayMs: 2000 });
    expect(nextRetry(2)).toEqual({ attempt: 3, delayMs: 4000 });
    expect(nextRetry(3)).toBeNull();
  });
});

describe('playback error texts', () => {
  it('reads the browser message and code', () => {
    const error = toPlaybackError({ message: 'MEDIA_ELEMENT_ERROR: Format error', code: 4 });
    expect(playbackErrorText(error)).toBe(
      'Error loading video: MEDIA_ELEMENT_ERROR: Format error (Code: 4)',
    );
  });

  it('falls back to Unknown error and UNKNOWN', () => {
    expect(playbackErrorText(toPlaybackError(null))).toBe(
      'Error loading video: Unknown error (Code: UNKNOWN)',
    );
    expect(playbackErrorText(toPlaybackError({ message: '', code: 2 }))).toBe(
      'Error loading video: Unknown error (Code: 2)',
    );
  });

  it('announces each attempt, then the advice', () => {
    expect(retryingText(1)).toBe('Retrying... (Attempt 1/3)');
    expect(retryingText(3)).toBe('Retrying... (Attempt 3/3)');
    expect(RETRIES_EXHAUSTED_TEXT).toBe(
      'Try refreshing the page or contact support if the issue persists.',
    );
  });
});
