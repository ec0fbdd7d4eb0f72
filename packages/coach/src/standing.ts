import { kneeAngleOf, type BodyMoment } from './body-series';
import { defined, distance, median } from './geometry';
import type { Point } from './pose';

/** Where the athlete stands: the level a jump rises above, in the clip's own pixels. */
export type StandingReference = {
  /** Picture y of the hips standing tall on the ground. */
  hipY: number;
  /** Picture y of the feet on the ground; undefined when no ankle was seen. */
  groundY: number | undefined;
  /** Shoulder to ankle: heights are stated in body lengths, as camera distance varies. */
  bodyLength: number;
};

// Shoulder-to-ankle is about 2.7 times shoulder-to-hip in adult proportions (Drillis and
// Contini's segment table: 0.78 and 0.29 of height); used only when no ankle was ever seen.
const BODY_PER_TRUNK = 2.7;
// Knees straighter than this are standing tall (a loading dip or a landing bends them more).
export const STANDING_KNEE = 155;
// Feet within this of the ground level (body lengths) are on the ground: ankle keypoints
// jitter by about 2 % of body length on real clips.
const GROUNDED = 0.03;

/** The athlete's body length in pixels, from the trunk when the feet were never seen. */
export function bodyLengthOf(moments: BodyMoment[]): number | undefined {
  const lengths = defined(moments.map((m) => m.bodyLength));
  if (lengths.length) return median(lengths);
  const trunks = moments.map((m) => distance(m.hip, m.shoulder));
  return trunks.length ? median(trunks) * BODY_PER_TRUNK : undefined;
}

/** The ankle nearest the ground: it rises only once both feet have left it. */
function lowestAnkle(moment: BodyMoment): Point | undefined {
  const { left_ankle: left, right_ankle: right } = moment.points;
  if (left && right) return left.y > right.y ? left : right;
  return left ?? right;
}

/**
 * The hips' standing height is their median while the knees are straight and the feet down:
 * the top of the hips' range would be the top of a jump in a clip of jumps.
 */
export function standingReference(moments: BodyMoment[]): StandingReference | undefined {
  const bodyLength = bodyLengthOf(moments);
  if (!bodyLength) return undefined;
  const feet = defined(moments.map((m) => lowestAnkle(m)?.y));
  const groundY = feet.length ? median(feet) : undefined;
  const grounded = (m: BodyMoment) => {
    const ankle = lowestAnkle(m);
    return groundY === undefined || !ankle || groundY - ankle.y <= GROUNDED * bodyLength;
  };
  const standing = moments.filter((m) => grounded(m) && (kneeAngleOf(m) ?? 0) >= STANDING_KNEE);
  // Knees unseen: the highest the hips stay on the ground instead (as repetitions do).
  const hipY =
    standing.length >= 3
      ? median(standing.map((m) => m.hip.y))
      : percentile(
          moments.filter(grounded).map((m) => m.hip.y),
          0.1,
        );
  if (hipY === undefined) return undefined;
  return { hipY, groundY, bodyLength };
}

function percentile(values: number[], share: number): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * share)];
}

/** Hip height above standing, in body lengths (negative when lower). */
export const hipRise = (moment: BodyMoment, ref: StandingReference) =>
  (ref.hipY - moment.hip.y) / ref.bodyLength;

/** Height of the lower foot above the ground, in body lengths; undefined when unseen. */
export function feetRise(moment: BodyMoment, ref: StandingReference): number | undefined {
  const ankle = lowestAnkle(moment);
  return ankle && ref.groundY !== undefined ? (ref.groundY - ankle.y) / ref.bodyLength : undefined;
}
