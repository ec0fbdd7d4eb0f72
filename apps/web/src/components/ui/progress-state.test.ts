import { describe, expect, it } from 'vitest';
import { normalizeProgressMax, normalizeProgressValue, progressState } from './progress-state';

describe('progress rules', () => {
  it('uses 100 unless the maximum is a number above 0', () => {
    expect(normalizeProgressMax(undefined)).toBe(100);
    expect(normalizeProgressMax(0)).toBe(100);
    expect(normalizeProgressMax(-5)).toBe(100);
    expect(normalizeProgressMax(Number.NaN)).toBe(100);
    expect(normalizeProgressMax(250)).toBe(250);
  });

  it('treats a value outside 0 to the maximum as unknown', () => {
    expect(normalizeProgressValue(50, 100)).toBe(50);
    expect(normalizeProgressValue(0, 100)).toBe(0);
    expect(normalizeProgressValue(101, 100)).toBeNull();
    expect(normalizeProgressValue(-1, 100)).toBeNull();
    expect(normalizeProgressValue(null, 100)).toBeNull();
  });

  it('is indeterminate, loading or complete', () => {
    expect(progressState(null, 100)).toBe('indeterminate');
    expect(progressState(99, 100)).toBe('loading');
    expect(progressState(100, 100)).toBe('complete');
  });
});
