import { distance, jointAngle, leanFromVertical } from './geometry';
import { keypointOf, midpoint, type Point, type PoseScan, type PoseTrack } from './pose';

/** One moment of one athlete, measured in pixels and degrees. */
export type BodyMoment = {
  t: number;
  hip: Point;
  shoulder: Point;
  leftKnee: Point | undefined;
  rightKnee: Point | undefined;
  leftKneeAngle: number | undefined;
  rightKneeAngle: number | undefined;
  /** Shoulder-elbow-wrist: 180 with the arm straight. */
  leftElbowAngle: number | undefined;
  rightElbowAngle: number | undefined;
  /** Shoulder-hip-knee: 180 standing tall, smaller when folded at the hips. */
  hipAngle: number | undefined;
  trunkLean: number;
  /** Ankle spread divided by shoulder width. */
  stanceRatio: number | undefined;
  /** Shoulder to ankle, the body's measuring stick (camera distance varies by clip). */
  bodyLength: number | undefined;
  /** Keypoints in pixels, for drawing guides. */
  points: Partial<Record<string, Point>>;
};

const NAMES = [
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_hip',
  'right_hip',
  'left_knee',
  'right_knee',
  'left_ankle',
  'right_ankle',
  'left_wrist',
  'right_wrist',
  'nose',
] as const;

/** Turns a track's samples into measured moments; samples without hips and shoulders are skipped. */
export function bodySeries(track: PoseTrack, frame: Pick<PoseScan, 'width' | 'height'>) {
  const moments: BodyMoment[] = [];
  for (const sample of track.samples) {
    const points: Partial<Record<string, Point>> = {};
    for (const name of NAMES) points[name] = keypointOf(sample, name, frame);
    const hip = midpoint(points.left_hip, points.right_hip);
    const shoulder = midpoint(points.left_shoulder, points.right_shoulder);
    if (!hip || !shoulder) continue;

    const kneeAngle = (side: 'left' | 'right') => {
      const h = points[`${side}_hip`];
      const k = points[`${side}_knee`];
      const a = points[`${side}_ankle`];
      return h && k && a ? jointAngle(h, k, a) : undefined;
    };
    const elbowAngle = (side: 'left' | 'right') => {
      const s = points[`${side}_shoulder`];
      const e = points[`${side}_elbow`];
      const w = points[`${side}_wrist`];
      return s && e && w ? jointAngle(s, e, w) : undefined;
    };
    const knee = midpoint(points.left_knee, points.right_knee);
    const ankle = midpoint(points.left_ankle, points.right_ankle);
    const shoulderWidth =
      points.left_shoulder && points.right_shoulder
        ? distance(points.left_shoulder, points.right_shoulder)
        : undefined;

    moments.push({
      t: sample.t,
      hip,
      shoulder,
      leftKnee: points.left_knee,
      rightKnee: points.right_knee,
      leftKneeAngle: kneeAngle('left'),
      rightKneeAngle: kneeAngle('right'),
      leftElbowAngle: elbowAngle('left'),
      rightElbowAngle: elbowAngle('right'),
      hipAngle: knee ? jointAngle(shoulder, hip, knee) : undefined,
      trunkLean: leanFromVertical(hip, shoulder),
      stanceRatio:
        points.left_ankle && points.right_ankle && shoulderWidth && shoulderWidth > 1
          ? distance(points.left_ankle, points.right_ankle) / shoulderWidth
          : undefined,
      bodyLength: ankle ? distance(shoulder, ankle) : undefined,
      points,
    });
  }
  return moments;
}

/** The knee angle of a moment: both knees averaged when both were seen. */
export function kneeAngleOf(moment: BodyMoment): number | undefined {
  const { leftKneeAngle: left, rightKneeAngle: right } = moment;
  if (left !== undefined && right !== undefined) return (left + right) / 2;
  return left ?? right;
}
