import type { CoachingPoint } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { activeCoachingPoint, markerPercent } from './timeline';

const point = (timestamp: number, title = `at ${timestamp}`): CoachingPoint => ({
  timestamp,
  title,
  description: '',
  type: 'technique',
});

describe('markerPercent', () => {
  it('places a marker by its share of the duration', () => {
    expect(markerPercent(5, 20)).toBe(25);
    expect(markerPercent(0, 20)).toBe(0);
  });

  it('clamps to 0-100%', () => {
    expect(markerPercent(30, 20)).toBe(100);
    expect(markerPercent(-2, 20)).toBe(0);
  });

  it('draws nothing when the duration is zero or unknown', () => {
    expect(markerPercent(5, 0)).toBeNull();
    expect(markerPercent(5, null)).toBeNull();
    expect(markerPercent(5, undefined)).toBeNull();
    expect(markerPercent(5, Number.NaN)).toBeNull();
    expect(markerPercent(5, Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('activeCoachingPoint', () => {
  const points = [point(2), point(5), point(5.5)];

  it('is the point within 0.3 s of playback', () => {
    expect(activeCoachingPoint(points, 2)?.timestamp).toBe(2);
    expect(activeCoachingPoint(points, 2.3)?.timestamp).toBe(2);
    expect(activeCoachingPoint(points, 1.7)?.timestamp).toBe(2);
  });

  it('is none outside the window', () => {
    expect(activeCoachingPoint(points, 2.31)).toBeNull();
    expect(activeCoachingPoint(points, 0)).toBeNull();
    expect(activeCoachingPoint([], 2)).toBeNull();
  });

  it('prefers the nearer of two points in range', () => {
    expect(activeCoachingPoint(points, 5.2)?.timestamp).toBe(5);
    expect(activeCoachingPoint(points, 5.3)?.timestamp).toBe(5.5);
  });
});
