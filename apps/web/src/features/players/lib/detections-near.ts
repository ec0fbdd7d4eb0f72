import type { PlayerDetection } from '@filmroom/contract';

/** Spec §9: the Players tab lists detections within 0.5 s of playback time. */
const DETECTION_WINDOW_S = 0.5;

export function detectionsNear(
  detections: readonly PlayerDetection[],
  currentTime: number,
): PlayerDetection[] {
  // The epsilon keeps exactly 0.5 s away "within" despite binary floating point.
  return detections.filter(
    (detection) => Math.abs(detection.timestamp - currentTime) <= DETECTION_WINDOW_S + 1e-9,
  );
}
