/**
 * Series read from a scan for measuring (issue 32): a joint's path and an angle of three joints
 * through the clip. Shared by the player's Measure tab, Compare and the server's export.
 */
import type { Poses } from './analysis';
import { angleDegrees } from './drawing-geometry';
import type { AngleSample, PictureSize, TrackSample } from './measure';
import type { MeasureJoint } from './measurements';
import { POSE_KEYPOINT_ORDER } from './values';

/** Below this score the scan was guessing where the joint was: the path skips that moment. */
const MIN_SCORE = 0.3;

type Keypoints = Poses['tracks'][number]['samples'][number]['keypoints'];
type Point = { x: number; y: number };

/** The person measured: the one the scan followed longest (the athlete, not a passer-by). */
export function mainTrack(poses: Poses): Poses['tracks'][number] | null {
  let longest: Poses['tracks'][number] | null = null;
  for (const track of poses.tracks) {
    if (!longest || track.samples.length > longest.samples.length) longest = track;
  }
  return longest;
}

/** A joint's place in percent of the picture, or null where the scan did not see it. */
function jointPoint(keypoints: Keypoints, joint: MeasureJoint): Point | null {
  if (joint === 'body_centre') {
    // The mid-hip: what a coach calls the body's centre in a squat, a jump or a sprint.
    const left = jointPoint(keypoints, 'left_hip');
    const right = jointPoint(keypoints, 'right_hip');
    return left && right ? { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 } : null;
  }
  const keypoint = keypoints[POSE_KEYPOINT_ORDER.indexOf(joint)];
  if (!keypoint || keypoint[2] < MIN_SCORE) return null;
  return { x: keypoint[0] * 100, y: keypoint[1] * 100 };
}

/** A joint's path through the clip, as the scan measured it. */
export function jointTrack(poses: Poses, joint: MeasureJoint): TrackSample[] {
  const track = mainTrack(poses);
  if (!track) return [];
  return track.samples.flatMap(({ t, keypoints }) => {
    const point = jointPoint(keypoints, joint);
    return point ? [{ t, ...point }] : [];
  });
}

/** The angle at the middle joint of three, through the clip, in whole degrees. */
export function angleSeries(
  poses: Poses,
  [a, vertex, b]: readonly [MeasureJoint, MeasureJoint, MeasureJoint],
  picture: PictureSize,
): AngleSample[] {
  const track = mainTrack(poses);
  if (!track) return [];
  return track.samples.flatMap(({ t, keypoints }) => {
    const points = [
      jointPoint(keypoints, a),
      jointPoint(keypoints, vertex),
      jointPoint(keypoints, b),
    ];
    if (points.some((point) => point === null)) return [];
    const degrees = angleDegrees(points as [Point, Point, Point], picture);
    return degrees === null ? [] : [{ t, degrees }];
  });
}

/** The sample nearest `t` within `tolerance` seconds, or null between far-apart samples. */
export function sampleNear<Sample extends { t: number }>(
  samples: readonly Sample[],
  t: number,
  tolerance: number,
): Sample | null {
  let best: Sample | null = null;
  for (const sample of samples) {
    if (Math.abs(sample.t - t) > tolerance) continue;
    if (!best || Math.abs(sample.t - t) < Math.abs(best.t - t)) best = sample;
  }
  return best;
}
