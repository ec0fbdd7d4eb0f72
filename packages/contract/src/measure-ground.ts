/**
 * Whether a point measured on a court rectangle is on the ground (issue 32). A ground plane maps
 * the picture to the court only for points on the court: a ball in the air, a foot in a jump or
 * a hip is mapped to where its line of sight meets the floor, further away than it is, and its
 * distances and speeds are then wrong. The scan's athlete gives the ground near them: where
 * their feet are in the picture, and how long their shin looks there (a body-sized ruler at
 * their distance from the camera).
 */
import type { Poses } from './analysis';
import type { PictureSize } from './measure';
import { mainTrack } from './measure-series';
import { POSE_KEYPOINT_ORDER } from './values';

/**
 * Seconds each side of a moment in which a foot was down: a jump's flight lasts up to about
 * 0.8 s (0.8 m of rise), so from any moment of it a stance lies within this on one side.
 */
const GROUND_WINDOW_SECONDS = 0.4;
/**
 * How far above the feet a point may be and still count as on the ground, in shin lengths:
 * half a shin is about 20 cm, the height of an ankle marker or a ball's centre on the floor; a
 * jump's feet, a ball in flight or a hip are well above it.
 */
const ON_GROUND_SHINS = 0.5;
/**
 * How far to the side of the feet a point may be for the feet's ground to be its ground, in
 * shin lengths: further away it may be nearer or further from the camera, on another line.
 */
const BESIDE_SHINS = 2;
const MIN_SCORE = 0.3;

type Point = { x: number; y: number };

const LEGS = (['left', 'right'] as const).map((side) => ({
  knee: POSE_KEYPOINT_ORDER.indexOf(`${side}_knee`),
  ankle: POSE_KEYPOINT_ORDER.indexOf(`${side}_ankle`),
}));

/**
 * A judge of points (percent of the picture) at clip times: true where the point is off the
 * ground, false where on it, null where the scan cannot tell (no athlete seen then, or the
 * point too far to the side of them).
 */
export function groundJudge(
  poses: Poses,
  picture: PictureSize,
): (point: Point, t: number) => boolean | null {
  const track = mainTrack(poses);
  // Each scanned moment's legs in pixels: ankles, and shins where the knee is seen too.
  const moments = (track?.samples ?? []).map(({ t, keypoints }) => {
    const ankles: Point[] = [];
    const shins: number[] = [];
    for (const leg of LEGS) {
      const ankle = keypoints[leg.ankle];
      if (!ankle || ankle[2] < MIN_SCORE) continue;
      const at = { x: ankle[0] * picture.width, y: ankle[1] * picture.height };
      ankles.push(at);
      const knee = keypoints[leg.knee];
      if (knee && knee[2] >= MIN_SCORE) {
        shins.push(Math.hypot(knee[0] * picture.width - at.x, knee[1] * picture.height - at.y));
      }
    }
    return { t, ankles, shins };
  });
  return (point, t) => {
    const near = moments.filter((moment) => Math.abs(moment.t - t) <= GROUND_WINDOW_SECONDS);
    const ankles = near.flatMap((moment) => moment.ankles);
    const shins = near.flatMap((moment) => moment.shins).sort((a, b) => a - b);
    if (ankles.length === 0 || shins.length === 0) return null;
    const shin = shins[Math.floor(shins.length / 2)]!;
    const pixels = { x: (point.x / 100) * picture.width, y: (point.y / 100) * picture.height };
    const left = Math.min(...ankles.map((ankle) => ankle.x));
    const right = Math.max(...ankles.map((ankle) => ankle.x));
    if (pixels.x < left - BESIDE_SHINS * shin || pixels.x > right + BESIDE_SHINS * shin) {
      return null;
    }
    // The floor near the athlete: the lowest their feet were in the picture around now.
    const floor = Math.max(...ankles.map((ankle) => ankle.y));
    return floor - pixels.y > ON_GROUND_SHINS * shin;
  };
}
