import { describe, expect, it } from 'vitest';
import {
  FRAME_SECONDS,
  driftCorrection,
  formatSharedTime,
  nudgeSyncPoint,
  sharedRange,
  sharedTimeOf,
  sideTime,
  stepFrames,
} from './sync';

describe('the shared timeline', () => {
  it('puts each side at its sync point plus the shared time', () => {
    expect(sideTime(2.5, 0)).toBe(2.5);
    expect(sideTime(7, -1)).toBe(6);
    expect(sharedTimeOf(7, 6)).toBe(-1);
  });

  it('spans only where both sides have picture', () => {
    // A: 10 s synced at 2 s; B: 13 s synced at 7 s (two reps of one clip).
    expect(sharedRange({ syncPoint: 2, duration: 10 }, { syncPoint: 7, duration: 13 })).toEqual({
      start: -2,
      end: 6,
    });
  });

  it('is empty rather than backwards when nothing overlaps', () => {
    const range = sharedRange({ syncPoint: 0, duration: 1 }, { syncPoint: 5, duration: 5 });
    expect(range.end).toBe(range.start);
  });

  it('steps a whole frame from wherever playback stopped', () => {
    expect(stepFrames(0, 1)).toBeCloseTo(FRAME_SECONDS);
    expect(stepFrames(FRAME_SECONDS * 5.4, 1)).toBeCloseTo(FRAME_SECONDS * 6.4);
    expect(stepFrames(FRAME_SECONDS * 5.4, -2)).toBeCloseTo(FRAME_SECONDS * 3.4);
  });

  it('nudges B by frames within its clip', () => {
    expect(nudgeSyncPoint(1, 3, 10)).toBeCloseTo(1 + 3 * FRAME_SECONDS);
    expect(nudgeSyncPoint(0, -1, 10)).toBe(0);
    expect(nudgeSyncPoint(10, 1, 10)).toBe(10);
  });

  it('writes shared times with their sign', () => {
    expect(formatSharedTime(0.4)).toBe('+0.40 s');
    expect(formatSharedTime(-1.2)).toBe('−1.20 s');
    expect(formatSharedTime(0.001)).toBe('0.00 s');
  });
});

describe('driftCorrection', () => {
  it('leaves a follower within a frame alone, at the chosen speed', () => {
    expect(driftCorrection({ expected: 5, actual: 5.02, playing: true, speed: 0.5 })).toEqual({
      kind: 'none',
      rate: 0.5,
    });
  });

  it('speeds a follower that lags and slows one that leads, in proportion', () => {
    const behind = driftCorrection({ expected: 5.1, actual: 5, playing: true, speed: 1 });
    expect(behind.kind).toBe('rate');
    expect(behind.kind === 'rate' && behind.rate).toBeCloseTo(1.1);
    const ahead = driftCorrection({ expected: 5, actual: 5.05, playing: true, speed: 2 });
    expect(ahead.kind === 'rate' && ahead.rate).toBeCloseTo(1.9);
  });

  it('seeks when too far apart to catch up', () => {
    expect(driftCorrection({ expected: 6, actual: 5, playing: true, speed: 1 })).toEqual({
      kind: 'seek',
      to: 6,
    });
  });

  it('places a paused follower exactly', () => {
    expect(driftCorrection({ expected: 5.01, actual: 5, playing: false, speed: 1 })).toEqual({
      kind: 'seek',
      to: 5.01,
    });
    expect(driftCorrection({ expected: 5, actual: 5, playing: false, speed: 1 }).kind).toBe('none');
  });
});
