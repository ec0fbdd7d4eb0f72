import type { CoachingPoint } from '@filmroom/contract';

/** Spec §9: a coaching point is active while playback is within 0.3 s of its timestamp. */
const ACTIVE_POINT_WINDOW_S = 0.3;

/**
 * Where a marker sits along the timeline, as a percentage clamped to 0-100 (spec §5).
 * Null when the duration is zero or unknown: then no marker is drawn at all.
 */
export function markerPercent(
  timestamp: number,
  duration: number | null | undefined,
): number | null {
  if (!duration || !Number.isFinite(duration) || duration <= 0) return null;
  return Math.min(100, Math.max(0, (timestamp / duration) * 100));
}

/** The point being played now, the nearest one if two are within the window, else null. */
export function activeCoachingPoint(
  points: readonly CoachingPoint[],
  currentTime: number,
): CoachingPoint | null {
  let best: CoachingPoint | null = null;
  for (const point of points) {
    const distance = Math.abs(point.timestamp - currentTime);
    // The epsilon keeps 1.7 s "within 0.3 s" of 2 s despite binary floating point.
    if (distance > ACTIVE_POINT_WINDOW_S + 1e-9) continue;
    if (!best || distance < Math.abs(best.timestamp - currentTime)) best = point;
  }
  return best;
}
