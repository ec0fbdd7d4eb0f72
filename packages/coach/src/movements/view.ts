import type { CameraView, MovementId } from '@filmroom/contract';
import { distance, median } from '../geometry';
import type { Athlete } from './athlete';

export type ViewEstimate = { view: CameraView; confidence: number };

// Shoulder width over trunk length: about 0.75-0.9 facing the camera or away from it, near 0
// side-on. Between the two lines the angle is oblique and called for the nearer one.
const FRONTAL = 0.5;
const SIDE = 0.3;

/**
 * Where the camera stood, from how wide the shoulders and hips look against the trunk, and
 * whether the face was seen. A 2D picture cannot tell more; a golf side view is "down the line"
 * or "face-on" by the same test, in golf's words.
 */
export function estimateView(athlete: Athlete, movement: MovementId): ViewEstimate {
  const widths = athlete.moments.flatMap((m) => {
    const { left_shoulder: ls, right_shoulder: rs, left_hip: lh, right_hip: rh } = m.points;
    const parts = [];
    if (ls && rs) parts.push(distance(ls, rs) / athlete.trunk);
    if (lh && rh) parts.push((distance(lh, rh) / athlete.trunk) * 1.4); // hips are narrower
    return parts.length ? [median(parts)] : [];
  });
  if (widths.length < 3) return { view: 'unknown', confidence: 0 };
  const width = median(widths);
  const faceSeen = facingShare(athlete);
  let view: CameraView;
  let confidence: number;
  if (width >= FRONTAL) {
    view = faceSeen >= 0.5 ? 'front' : 'behind';
    confidence = Math.min(0.95, 0.5 + (width - FRONTAL)) * (0.5 + Math.abs(faceSeen - 0.5));
  } else if (width <= SIDE) {
    view = 'side';
    confidence = Math.min(0.95, 0.6 + (SIDE - width));
  } else {
    view = width > (FRONTAL + SIDE) / 2 ? (faceSeen >= 0.5 ? 'front' : 'behind') : 'side';
    confidence = 0.4;
  }
  if (movement === 'golf_swing') {
    // The golfer addresses a ball beside them: side-on is down the line, facing is face-on.
    if (view === 'side') view = 'down_the_line';
    else if (view === 'front') view = 'face_on';
  }
  return { view, confidence: Math.round(Math.max(0.1, confidence) * 100) / 100 };
}

/** The share of moments in which both eyes were seen: a face turned to the camera. */
function facingShare(athlete: Athlete): number {
  const seen = athlete.moments.filter((m) => m.points.left_shoulder || m.points.right_shoulder);
  return seen.length ? seen.filter((m) => m.eyesSeen).length / seen.length : 0;
}
