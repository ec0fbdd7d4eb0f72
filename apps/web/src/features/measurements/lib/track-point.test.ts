import { describe, expect, it } from 'vitest';
import { MAX_TRACK_SECONDS, trackEnd } from './track-point';

describe('trackEnd', () => {
  it('stops at the marked range’s out point when the pick is inside the range', () => {
    expect(trackEnd(1.4, 8.5, { start: 1.4, end: 3.6 })).toBe(3.6);
    // Paused a hair before the in point still counts as on it.
    expect(trackEnd(1.39, 8.5, { start: 1.4, end: 3.6 })).toBe(3.6);
  });

  it('runs the longest stretch, or to the clip’s end, without a range around the pick', () => {
    expect(trackEnd(1, 30, null)).toBe(1 + MAX_TRACK_SECONDS);
    expect(trackEnd(1.4, 8.5, null)).toBe(8.5);
    // A range elsewhere in the clip is not this track's.
    expect(trackEnd(5, 8.5, { start: 1.4, end: 3.6 })).toBe(8.5);
    expect(trackEnd(0.5, 8.5, { start: 1.4, end: 3.6 })).toBe(8.5);
  });

  it('never runs past the longest stretch, even for a longer marked range', () => {
    expect(trackEnd(0, 60, { start: 0, end: 40 })).toBe(MAX_TRACK_SECONDS);
  });
});
