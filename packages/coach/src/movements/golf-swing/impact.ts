import { handHeights, type Athlete } from '../athlete';
import { vertexTime } from '../timing';

// The hands swing from the top down through the ball and up into the follow-through in well
// under a second of real time; the lowest point of the hands in that stretch is impact.
const DOWNSWING_MAX_SECONDS = 1;
// Enough smoothing to quiet a keypoint's jitter at 60 frames a second, little enough to keep
// the bottom of a quarter-second downswing.
const SMOOTHING_SECONDS = 0.03;
// Samples closer than a frame at 50 fps already pin impact to a frame: the hands' lowest
// sample is then no better than the recogniser's timing. Sparser, the bottom is interpolated.
const DENSE_SECONDS = 0.02;

/**
 * Impact where the scan samples the downswing sparsely (slowed footage sampled at 5 a second
 * there): the hands at the bottom of their arc, back at the ball, between leaving the top and
 * rising into the follow-through, placed between the samples. Undefined where the samples are
 * dense enough to time it as they stand.
 */
export function sparseImpactTime(athlete: Athlete, topDeparture: number): number | undefined {
  const h = handHeights(athlete, SMOOTHING_SECONDS);
  const t = athlete.moments.map((m) => m.t);
  let lowest: number | undefined;
  for (let i = 0; i < t.length; i += 1) {
    if (t[i]! <= topDeparture) continue;
    if (t[i]! > topDeparture + DOWNSWING_MAX_SECONDS) break;
    if (lowest === undefined || h[i]! < h[lowest]!) lowest = i;
  }
  if (lowest === undefined) return undefined;
  if (lowest === 0 || lowest === t.length - 1) return undefined;
  if (Math.max(t[lowest]! - t[lowest - 1]!, t[lowest + 1]! - t[lowest]!) <= DENSE_SECONDS) {
    return undefined;
  }
  return vertexTime(
    [t[lowest - 1]!, t[lowest]!, t[lowest + 1]!],
    [h[lowest - 1]!, h[lowest]!, h[lowest + 1]!],
  );
}
