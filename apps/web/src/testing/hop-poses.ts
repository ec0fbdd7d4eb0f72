import { POSE_KEYPOINT_ORDER, type Poses } from '@filmroom/contract';

/** How far (percent of the picture) the hopping athlete's feet are up at `t`: 15 from 1 to 1.5 s. */
const hopLift = (t: number) => (t > 1 && t < 1.5 ? 15 : 0);

/**
 * A point on the left foot of `hopPoses(feetAt)` tracked at 30 fps for 2.5 s: on the ground,
 * then up through the hop, then down again.
 */
export const hopFootTrack = (feetAt: { x: number; y: number }) =>
  Array.from({ length: 76 }, (_, i) => ({
    t: i / 30,
    x: feetAt.x - 2,
    y: feetAt.y - hopLift(i / 30),
  }));

/**
 * A scan of an athlete standing with their feet at `feetAt` (percent of the picture), shins 10 %
 * long and hips 20 % above the feet, who hops straight up 15 % of the picture from 1.0 to 1.5 s; 3 s at 10 samples a second.
 */
export function hopPoses(feetAt: { x: number; y: number }): Poses {
  const samples = Array.from({ length: 31 }, (_, i) => {
    const t = i / 10;
    const keypoints = POSE_KEYPOINT_ORDER.map(() => [0, 0, 0] as [number, number, number]);
    for (const [side, dx] of [
      ['left', -2],
      ['right', 2],
    ] as const) {
      const x = (feetAt.x + dx) / 100;
      const ankle = (feetAt.y - hopLift(t)) / 100;
      keypoints[POSE_KEYPOINT_ORDER.indexOf(`${side}_ankle`)] = [x, ankle, 1];
      keypoints[POSE_KEYPOINT_ORDER.indexOf(`${side}_knee`)] = [x, ankle - 0.1, 1];
      keypoints[POSE_KEYPOINT_ORDER.indexOf(`${side}_hip`)] = [x, ankle - 0.2, 1];
    }
    return { t, keypoints };
  });
  return { fps: 10, tracks: [{ id: 1, samples }] };
}
