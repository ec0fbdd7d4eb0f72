import { describe, expect, it } from 'vitest';
import type { Poses } from './analysis';
import { calibrate } from './measure';
import { groundJudge } from './measure-ground';
import type { PlaneCalibration } from './measure-plane';
import { POSE_KEYPOINT_ORDER } from './values';

const picture = { width: 1000, height: 1000 };
/**
 * A camera 2 m above the court looking along it, tilted 10° down, 1000 px focal length on a
 * 1000 × 1000 picture. The world: x across (m), y up from the ground, z away from the camera.
 */
const TILT = (10 * Math.PI) / 180;
const CAMERA_HEIGHT = 2;
type World = { x: number; y: number; z: number };
type Percent = { x: number; y: number };
/** Where a point of the world is in the picture, in percent. */
function seen({ x, y, z }: World): Percent {
  const up = y - CAMERA_HEIGHT;
  const depth = z * Math.cos(TILT) - up * Math.sin(TILT);
  const down = -(up * Math.cos(TILT) + z * Math.sin(TILT));
  return { x: (500 + (1000 * x) / depth) / 10, y: (500 + (1000 * down) / depth) / 10 };
}
/** A 4 × 8 m rectangle on the ground from 6 to 14 m away, marked as a coach would. */
const courtInPerspective: PlaneCalibration = calibrate(
  {
    basis: 'plane',
    corners: [
      seen({ x: -2, y: 0, z: 6 }),
      seen({ x: 2, y: 0, z: 6 }),
      seen({ x: 2, y: 0, z: 14 }),
      seen({ x: -2, y: 0, z: 14 }),
    ] as [Percent, Percent, Percent, Percent],
    across: 4,
    along: 8,
  },
  picture,
)!;

/**
 * An athlete at 50 % across whose feet are 80 % down and shins 10 % long (100 px), hopping
 * straight up 15 % of the picture (about 0.6 m at a 0.4 m shin) from 1.0 to 1.5 s.
 */
function hop(): Poses {
  const lift = (t: number) => (t > 1 && t < 1.5 ? 15 : 0);
  const samples = Array.from({ length: 31 }, (_, i) => {
    const t = i / 10;
    const keypoints = POSE_KEYPOINT_ORDER.map(() => [0, 0, 0] as [number, number, number]);
    for (const [side, x] of [
      ['left', 0.48],
      ['right', 0.52],
    ] as const) {
      keypoints[POSE_KEYPOINT_ORDER.indexOf(`${side}_ankle`)] = [x, (80 - lift(t)) / 100, 0.9];
      keypoints[POSE_KEYPOINT_ORDER.indexOf(`${side}_knee`)] = [x, (70 - lift(t)) / 100, 0.9];
    }
    return { t, keypoints };
  });
  return { fps: 10, tracks: [{ id: 1, samples }] };
}

describe('groundJudge', () => {
  const judge = groundJudge(hop(), picture, courtInPerspective);
  const foot = (t: number) => ({ x: 48, y: t > 1 && t < 1.5 ? 65 : 80 });

  it('finds a foot off the ground through a jump’s flight, and on it before and after', () => {
    expect(judge(foot(0.5), 0.5)).toBe(false);
    expect(judge(foot(1.2), 1.2)).toBe(true);
    expect(judge(foot(1.3), 1.3)).toBe(true);
    expect(judge(foot(2), 2)).toBe(false);
    // A ball rolling beside the athlete, its centre a few centimetres above their ankles.
    expect(judge({ x: 60, y: 79 }, 0.5)).toBe(false);
  });

  it('finds a point at hip height off the ground even while the athlete stands', () => {
    expect(judge({ x: 50, y: 55 }, 0.5)).toBe(true);
  });

  it('cannot tell far to the side of the athlete, nor where the scan saw nobody', () => {
    expect(judge({ x: 95, y: 60 }, 0.5)).toBeNull();
    expect(judge(foot(0.5), 9)).toBeNull();
    expect(
      groundJudge({ fps: 10, tracks: [] }, picture, courtInPerspective)(foot(0.5), 0.5),
    ).toBeNull();
  });
});

/** Ankles 8 cm up and knees 42 cm above them (an adult's shin), either side of `at`. */
const ANKLE_HEIGHT = 0.08;
const SHIN = 0.42;
/**
 * A scan at 30 samples a second for 2 s of an athlete whose feet are at `feet(t)` (the point
 * between them on the ground, and how high they are lifted).
 */
function scanOf(feet: (t: number) => World): Poses {
  const samples = Array.from({ length: 61 }, (_, i) => {
    const t = i / 30;
    const at = feet(t);
    const keypoints = POSE_KEYPOINT_ORDER.map(() => [0, 0, 0] as [number, number, number]);
    for (const [side, dx] of [
      ['left', -0.12],
      ['right', 0.12],
    ] as const) {
      const ankle = seen({ x: at.x + dx, y: at.y + ANKLE_HEIGHT, z: at.z });
      const knee = seen({ x: at.x + dx, y: at.y + ANKLE_HEIGHT + SHIN, z: at.z });
      keypoints[POSE_KEYPOINT_ORDER.indexOf(`${side}_ankle`)] = [ankle.x / 100, ankle.y / 100, 1];
      keypoints[POSE_KEYPOINT_ORDER.indexOf(`${side}_knee`)] = [knee.x / 100, knee.y / 100, 1];
    }
    return { t, keypoints };
  });
  return { fps: 30, tracks: [{ id: 1, samples }] };
}

describe('groundJudge on a court seen in perspective', () => {
  const plane = courtInPerspective;

  it('keeps a ball dribbled at the feet of an athlete running toward the camera on the ground', () => {
    // 5 m/s from 14 m away to 4 m: the feet drop down the picture by more than a shin each 0.4 s.
    const runner = (t: number) => ({ x: 0, y: 0, z: 14 - 5 * t });
    const judge = groundJudge(scanOf(runner), picture, plane);
    for (let t = 0; t <= 2; t += 0.1) {
      // The ball's centre 11 cm up, beside the feet.
      const ball = seen({ x: 0.35, y: 0.11, z: runner(t).z });
      expect(judge(ball, t)).toBe(false);
    }
  });

  it('finds a foot off the ground through a 10 cm hop, and on it before and after', () => {
    // A hop 0.286 s long (10 cm up under gravity) from 1 s, at 8 m from the camera.
    const lift = (t: number) => (t > 1 && t < 1.286 ? 4.905 * (t - 1) * (1.286 - t) : 0);
    const hopper = (t: number) => ({ x: 0, y: lift(t), z: 8 });
    const judge = groundJudge(scanOf(hopper), picture, plane);
    const leftAnkle = (t: number) => seen({ x: -0.12, y: lift(t) + ANKLE_HEIGHT, z: 8 });
    expect(lift(1.143)).toBeCloseTo(0.1, 2);
    expect(judge(leftAnkle(1.143), 1.143)).toBe(true);
    expect(judge(leftAnkle(0.5), 0.5)).toBe(false);
    expect(judge(leftAnkle(1.6), 1.6)).toBe(false);
  });

  it('finds a bar at shoulder height off the ground while the athlete stands', () => {
    const judge = groundJudge(
      scanOf(() => ({ x: 0, y: 0, z: 8 })),
      picture,
      plane,
    );
    expect(judge(seen({ x: 0.25, y: 1.45, z: 8 }), 1)).toBe(true);
  });
});
