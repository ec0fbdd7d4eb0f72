import { POSE_KEYPOINT_ORDER } from '@filmroom/contract';
import type { DrawingPoint } from '@filmroom/contract';
import type { JointNear } from './drawing-description';
import type { PictureSize } from './drawing-geometry';

/** A measured person: 17 COCO keypoints as [x, y, score], x and y fractions of the frame. */
type Keypoints = readonly (readonly [number, number, number])[];

/** Below this score a keypoint is a guess (see the pose overlay): it names no joint. */
const MIN_SCORE = 0.3;
/** How close (share of the picture's longer side) a vertex must be to be "at" a joint. */
const REACH = 0.05;

/**
 * Names the measured joint nearest a point ("left knee"), among the people measured on the
 * frame, when one lies within reach; distances in the picture's own pixels.
 */
export function jointNearIn(people: readonly Keypoints[]): JointNear {
  return (point: DrawingPoint, picture: PictureSize) => {
    const reach = REACH * Math.max(picture.width, picture.height);
    let nearest: string | null = null;
    let nearestDistance = reach;
    for (const keypoints of people) {
      for (const [index, [x, y, score]] of keypoints.entries()) {
        const name = POSE_KEYPOINT_ORDER[index];
        if (!name || score < MIN_SCORE) continue;
        const distance = Math.hypot(
          (x - point.x / 100) * picture.width,
          (y - point.y / 100) * picture.height,
        );
        if (distance <= nearestDistance) {
          nearest = name.replace('_', ' ');
          nearestDistance = distance;
        }
      }
    }
    return nearest;
  };
}
