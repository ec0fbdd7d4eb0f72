import type { CameraView } from '@filmroom/contract';
import { distance, median } from '../geometry';
import type { Athlete } from './athlete';
import type { MovementModule } from './types';

export type ViewEstimate = { view: CameraView; confidence: number };

// Shoulder width over trunk length: about 0.75-0.9 facing the camera or away from it, near 0
// side-on. Between the two lines the angle is oblique.
const FRONTAL = 0.45;
const SIDE = 0.3;
// Facing the camera, the left shoulder shows on the picture's right; from behind, on its left.
// The pose model labels sides anatomically, so the share of moments one way tells which.
const FACING = 0.7;

/**
 * Where the camera stood (relative to the athlete's body, or to the court or target line where
 * the sport names views that way), from how wide the shoulders look against the trunk and which side
 * of the picture each shoulder is on. The movement's module names the view in its own words.
 */
export function estimateView(
  athlete: Athlete,
  movement: Pick<MovementModule, 'viewFrom'>,
): ViewEstimate {
  const widths = athlete.moments.flatMap((m) => {
    const { left_shoulder: ls, right_shoulder: rs } = m.points;
    return ls && rs ? [distance(ls, rs) / athlete.trunk] : [];
  });
  if (widths.length < 3) return { view: 'unknown', confidence: 0 };
  const body = bodyView(athlete, median(widths));
  return movement.viewFrom ? movement.viewFrom(athlete, body) : body;
}

/**
 * Whether the chest or the back is turned to the camera around `t` (shoulders wide against the
 * trunk): knees and hips then bend towards or away from the lens, and their angles read far
 * straighter than they are. Undefined when the shoulders are not seen then.
 */
export function squareToCamera(athlete: Athlete, t: number): boolean | undefined {
  const widths = athlete.moments.flatMap((m) => {
    const { left_shoulder: ls, right_shoulder: rs } = m.points;
    return Math.abs(m.t - t) <= 0.2 && ls && rs ? [distance(ls, rs) / athlete.trunk] : [];
  });
  return widths.length ? median(widths) >= FRONTAL : undefined;
}

function bodyView(athlete: Athlete, width: number): ViewEstimate {
  const facing = facingShare(athlete);
  if (width <= SIDE) return { view: 'side', confidence: viewConfidence(0.6 + (SIDE - width)) };
  if (width < FRONTAL) return { view: 'unknown', confidence: 0.3 };
  if (facing >= FACING) return { view: 'front', confidence: viewConfidence(facing * 0.95) };
  if (facing <= 1 - FACING)
    return { view: 'behind', confidence: viewConfidence((1 - facing) * 0.95) };
  return { view: 'unknown', confidence: 0.3 };
}

/** The share of moments with the left shoulder on the picture's right: facing the camera. */
function facingShare(athlete: Athlete): number {
  const known = athlete.moments.flatMap((m) => {
    const { left_shoulder: ls, right_shoulder: rs } = m.points;
    return ls && rs ? [ls.x > rs.x ? 1 : 0] : [];
  });
  return known.length ? known.reduce<number>((a, b) => a + b, 0) / known.length : 0.5;
}

/** A view's confidence, kept between 0.1 and 0.95 and rounded to hundredths. */
export const viewConfidence = (value: number) =>
  Math.round(Math.max(0.1, Math.min(0.95, value)) * 100) / 100;
