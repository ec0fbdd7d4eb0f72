import { handHeights, type Athlete } from '../athlete';
import { vertexTime } from '../timing';

// The hands swing from the top down through the ball and up into the follow-through in well
// under a second of real time; the lowest point of the hands in that stretch is impact.
const DOWNSWING_MAX_SECONDS = 1;
// Enough smoothing to quiet a keypoint's jitter at 60 frames a second, little enough to keep
// the bottom of a quarter-second downswing.
const SMOOTHING_SECONDS = 0.03;

/**
 * Impact: the hands at the bottom of their arc, back at the ball, between leaving the top and
 * rising into the follow-through. Placed between samples where the bottom falls between them.
 */
export function impactTime(athlete: Athlete, topDeparture: number): number | undefined {
  const h = handHeights(athlete, SMOOTHING_SECONDS);
  const t = athlete.moments.map((m) => m.t);
  let lowest: number | undefined;
  for (let i = 0; i < t.length; i += 1) {
    if (t[i]! <= topDeparture) continue;
    if (t[i]! > topDeparture + DOWNSWING_MAX_SECONDS) break;
    if (lowest === undefined || h[i]! < h[lowest]!) lowest = i;
  }
  if (lowest === undefined) return undefined;
  if (lowest === 0 || lowest === t.length - 1) return t[lowest];
  return vertexTime(
    [t[lowest - 1]!, t[lowest]!, t[lowest + 1]!],
    [h[lowest - 1]!, h[lowest]!, h[lowest + 1]!],
  );
}
