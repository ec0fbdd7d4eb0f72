/**
 * Whether a point measured on a court rectangle is on the ground (issue 32). A ground plane maps
 * the picture to the court only for points on the court: a ball in the air, a foot in a jump or
 * a hip is mapped to where its line of sight meets the floor, further away than it is, and its
 * distances and speeds are then wrong. The scan's athlete gives the ground near them: where
 * their feet stand, carried through the plane's perspective to each moment (an athlete running
 * toward the camera has their feet lower in the picture each step without leaving the ground),
 * and how long their shin looks there (a body-sized ruler at their distance from the camera).
 */
import type { Poses } from './analysis';
import { applyHomography, invertHomography } from './homography';
import type { PictureSize } from './measure';
import type { PlaneCalibration } from './measure-plane';
import { mainTrack } from './measure-series';
import { POSE_KEYPOINT_ORDER } from './values';

/**
 * Seconds each side of a moment in which a foot was down: a jump's flight lasts up to about
 * 0.8 s (0.8 m of rise), so from any moment of it a stance lies within this on one side.
 */
const GROUND_WINDOW_SECONDS = 0.4;
/**
 * How far above the standing feet a point may be and still count as on the ground, in shin
 * lengths: 0.18 of a shin (about 40 cm on an adult) is about 7 cm, above a ball's centre rolling
 * at the feet (a few centimetres over the ankle) and below a 10 cm hop.
 */
const ON_GROUND_SHINS = 0.18;
/**
 * How far a foot may sit above the ground fitted through the window and still be taken as down,
 * in shin lengths (about 2 cm): the scan's keypoints jitter by about that much.
 */
const STANCE_SHINS = 0.05;
/** Rounds of refitting the ground to the feet that are down (it settles in two or three). */
const FIT_ROUNDS = 5;
/**
 * How far to the side of the feet a point may be for the feet's ground to be its ground, in
 * shin lengths: further away it may be nearer or further from the camera, on another line.
 */
const BESIDE_SHINS = 2;
const MIN_SCORE = 0.3;

type Point = { x: number; y: number };
/** A scanned moment's legs in pixels, and where its lower foot stands on the court (metres). */
type Moment = { t: number; ankles: Point[]; shins: number[]; foot: Point; court: Point };

const LEGS = (['left', 'right'] as const).map((side) => ({
  knee: POSE_KEYPOINT_ORDER.indexOf(`${side}_knee`),
  ankle: POSE_KEYPOINT_ORDER.indexOf(`${side}_ankle`),
}));

/** The court position at `t` of a straight, steady course through the moments (least squares). */
function steadyCourse(moments: readonly Moment[]): (t: number) => Point {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const t0 = mean(moments.map((moment) => moment.t));
  const x0 = mean(moments.map((moment) => moment.court.x));
  const y0 = mean(moments.map((moment) => moment.court.y));
  let spread = 0;
  let vx = 0;
  let vy = 0;
  for (const { t, court } of moments) {
    spread += (t - t0) ** 2;
    vx += (t - t0) * (court.x - x0);
    vy += (t - t0) * (court.y - y0);
  }
  // One moment, or all at one time: standing still.
  const [speedX, speedY] = spread > 0 ? [vx / spread, vy / spread] : [0, 0];
  return (t) => ({ x: x0 + speedX * (t - t0), y: y0 + speedY * (t - t0) });
}

/**
 * The picture's y of the athlete's ground at `t`. Each moment's lower foot is placed on the
 * court through the plane; a foot in the air lands further from the camera than the athlete
 * stands, higher in the picture. A steady course is fitted through the feet, refitted to those
 * at or below it (down) until it settles, and read back into the picture at `t`.
 */
function floorAt(
  near: readonly Moment[],
  t: number,
  toPicture: (court: Point) => Point | null,
  stance: number,
): number | null {
  let down = near;
  let course = steadyCourse(down);
  for (let round = 0; round < FIT_ROUNDS; round += 1) {
    const next = near.filter((moment) => {
      const ground = toPicture(course(moment.t));
      return ground !== null && moment.foot.y >= ground.y - stance;
    });
    if (next.length === 0 || next.length === down.length) break;
    down = next;
    course = steadyCourse(down);
  }
  return toPicture(course(t))?.y ?? null;
}

/**
 * A judge of points (percent of the picture) at clip times, on a court rectangle: true where
 * the point is off the ground, false where on it, null where the scan cannot tell (no athlete
 * seen then, or the point too far to the side of them).
 */
export function groundJudge(
  poses: Poses,
  picture: PictureSize,
  plane: PlaneCalibration,
): (point: Point, t: number) => boolean | null {
  const track = mainTrack(poses);
  const inverse = invertHomography(plane.homography);
  const toPicture = (court: Point) => (inverse ? applyHomography(inverse, court) : null);
  const moments = (track?.samples ?? []).flatMap(({ t, keypoints }): Moment[] => {
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
    // The lower foot in the picture: the one standing, when one is.
    const foot = ankles.reduce<Point | null>(
      (low, ankle) => (low && low.y >= ankle.y ? low : ankle),
      null,
    );
    const court = foot ? applyHomography(plane.homography, foot) : null;
    return foot && court ? [{ t, ankles, shins, foot, court }] : [];
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
    const floor = floorAt(near, t, toPicture, STANCE_SHINS * shin);
    if (floor === null) return null;
    return floor - pixels.y > ON_GROUND_SHINS * shin;
  };
}
