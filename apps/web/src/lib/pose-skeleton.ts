import type { Poses } from '@filmroom/contract';
import type { Point, Rect } from './content-box';
import { POSE_KEYPOINT_ORDER, POSE_LIMB_NAMES } from '@filmroom/contract/values';

type KeypointName = (typeof POSE_KEYPOINT_ORDER)[number];
export type PoseSample = Poses['tracks'][number]['samples'][number];

/**
 * Keypoints the model is less sure of than this are left out: below it they tend to sit on
 * the background (a hidden wrist, an ear behind the head) and draw limbs that are not there.
 */
const MIN_KEYPOINT_SCORE = 0.3;

const indexOf = (name: KeypointName) => POSE_KEYPOINT_ORDER.indexOf(name);
export const POSE_LIMBS: readonly (readonly [number, number])[] = POSE_LIMB_NAMES.map(
  ([a, b]) => [indexOf(a), indexOf(b)] as const,
);

/** Which side of the body a keypoint or limb is on, so a coach can tell left from right. */
export type BodySide = 'left' | 'right' | 'centre';

function sideOf(...indexes: number[]): BodySide {
  const names = indexes.map((index) => POSE_KEYPOINT_ORDER[index] ?? '');
  if (names.every((name) => name.startsWith('left_'))) return 'left';
  if (names.every((name) => name.startsWith('right_'))) return 'right';
  return 'centre';
}

/**
 * The sample of a track (samples in time order) nearest to the time, or null when the nearest
 * is further away than `maxGap` (the athlete was not measured then: draw nothing rather than a
 * stale pose).
 */
export function nearestSample(
  samples: readonly PoseSample[],
  time: number,
  maxGap: number,
): PoseSample | null {
  let low = 0;
  let high = samples.length - 1;
  if (high < 0) return null;
  // The first sample at or after the time, by bisection: tracks of long clips hold thousands.
  while (low < high) {
    const middle = (low + high) >> 1;
    if (samples[middle]!.t < time) low = middle + 1;
    else high = middle;
  }
  const after = samples[low]!;
  const before = low > 0 ? samples[low - 1]! : after;
  const best = Math.abs(before.t - time) <= Math.abs(after.t - time) ? before : after;
  // The epsilon keeps a sample exactly one frame away "within" despite floating point.
  return Math.abs(best.t - time) <= maxGap + 1e-6 ? best : null;
}

/** What is drawn at one moment: each track's nearest sample. */
export type PoseFrame = readonly { trackId: number; sample: PoseSample }[];

/**
 * The samples to draw at the time: per track the nearest within one scan frame (1 / fps), so
 * a skeleton changes as the scan did and vanishes where its track ends.
 */
export function poseFrameAt(poses: Poses, time: number): PoseFrame {
  const maxGap = poses.fps > 0 ? 1 / poses.fps : 0.2;
  const frame: { trackId: number; sample: PoseSample }[] = [];
  for (const track of poses.tracks) {
    const sample = nearestSample(track.samples, time, maxGap);
    if (sample) frame.push({ trackId: track.id, sample });
  }
  return frame;
}

/** True when both frames draw the same samples: no need to draw again. */
export function samePoseFrame(a: PoseFrame, b: PoseFrame): boolean {
  return a.length === b.length && a.every((entry, index) => entry.sample === b[index]?.sample);
}

type SkeletonLimb = { from: Point; to: Point; side: BodySide };
type SkeletonJoint = Point & { side: BodySide };
export type Skeleton = { trackId: number; limbs: SkeletonLimb[]; joints: SkeletonJoint[] };

/**
 * The frame's skeletons in frame pixels: keypoints are fractions of the video's own picture,
 * placed in its rect (after letterboxing and zoom) like the visual guides. Only keypoints
 * scored at least MIN_KEYPOINT_SCORE are drawn, and limbs whose both ends are.
 */
export function skeletonShapes(frame: PoseFrame, picture: Rect): Skeleton[] {
  return frame.map(({ trackId, sample }) => {
    const points = sample.keypoints.map(([x, y, score]) =>
      score >= MIN_KEYPOINT_SCORE
        ? { x: picture.x + x * picture.width, y: picture.y + y * picture.height }
        : null,
    );
    const limbs: SkeletonLimb[] = [];
    for (const [a, b] of POSE_LIMBS) {
      const from = points[a];
      const to = points[b];
      if (from && to) limbs.push({ from, to, side: sideOf(a, b) });
    }
    const joints: SkeletonJoint[] = [];
    points.forEach((point, index) => {
      if (point) joints.push({ ...point, side: sideOf(index) });
    });
    return { trackId, limbs, joints };
  });
}
