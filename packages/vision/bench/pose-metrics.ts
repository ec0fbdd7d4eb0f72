/**
 * What the pose-model bench measures on one model's crops: keypoint jitter, wrists and ankles
 * seen on fast moments, cost per crop, and (BlazePose) how steady its 3-D world coordinates are.
 */
import type { Track, VisionScan } from '../src/types';

/** One crop posed by one model; keypoints in COCO order as [x, y, score], fractions of the frame. */
export interface CropPose {
  t: number;
  dense: boolean;
  /** CPU milliseconds of the pose call. */
  ms: number;
  score: number;
  keypoints: [number, number, number][];
  /** BlazePose only: left/right heel, left/right toe (Human's "foot"). */
  feet?: [number, number, number][];
  /** BlazePose only: the model's world_3d output, 39 points x [x, y, z] in metres. */
  world?: number[][];
  /** BlazePose only: the share of finite numbers in Human's own `distance` (its world_3d reading). */
  humanDistanceFinite?: number;
}

export interface ModelRun {
  model: string;
  clips: Record<string, CropPose[]>;
}

/** The athlete the clip is about: the track seen on the most samples (as the eval's main reading). */
export function mainTrack(scan: VisionScan): Track {
  return [...scan.tracks].sort((a, b) => b.samples.length - a.samples.length)[0]!;
}

const CONFIDENT = 0.3;
const [L_SHOULDER, R_SHOULDER, L_WRIST, R_WRIST, L_HIP, R_HIP, L_ANKLE, R_ANKLE] = [
  5, 6, 9, 10, 11, 12, 15, 16,
];
/** Shoulders, hips and wrists: the joints the readings lean on most. */
const JITTER_JOINTS = [L_SHOULDER, R_SHOULDER, L_HIP, R_HIP, L_WRIST, R_WRIST];
/**
 * "Still or moving slowly": the joint travelled less than one trunk length per second across the
 * triple. Faster than that, the second difference measures the movement, not the model.
 */
const SLOW_TRUNKS_PER_SECOND = 1;

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

type Px = (p: [number, number, number]) => [number, number];

/** Mid-shoulder to mid-hip, in pixels; undefined unless all four are confident. */
function trunkLength(pose: CropPose, px: Px): number | undefined {
  const k = pose.keypoints;
  if ([L_SHOULDER, R_SHOULDER, L_HIP, R_HIP].some((i) => k[i]![2] < CONFIDENT)) return undefined;
  const [a, b, c, d] = [k[L_SHOULDER]!, k[R_SHOULDER]!, k[L_HIP]!, k[R_HIP]!].map(px);
  const length = Math.hypot(
    (a![0] + b![0] - c![0] - d![0]) / 2,
    (a![1] + b![1] - c![1] - d![1]) / 2,
  );
  return length > 10 ? length : undefined;
}

/** Consecutive samples evenly spaced in time (base rate or source rate, not across the two). */
function evenTriples(poses: CropPose[]): [CropPose, CropPose, CropPose][] {
  const sorted = [...poses].sort((a, b) => a.t - b.t);
  const triples: [CropPose, CropPose, CropPose][] = [];
  for (let i = 1; i + 1 < sorted.length; i++) {
    const [a, b, c] = [sorted[i - 1]!, sorted[i]!, sorted[i + 1]!];
    const before = b.t - a.t;
    const after = c.t - b.t;
    if (before > 0 && Math.abs(after - before) <= 0.15 * before) triples.push([a, b, c]);
  }
  return triples;
}

/**
 * Frame-to-frame second difference |p(a) - 2 p(b) + p(c)| of shoulders, hips and wrists, in
 * trunk lengths, on triples where the joint moves slowly: on a still body that is all noise.
 */
export function jitter(poses: CropPose[], width: number, height: number): number[] {
  const px: Px = (p) => [p[0] * width, p[1] * height];
  const values: number[] = [];
  for (const [a, b, c] of evenTriples(poses)) {
    const trunk = trunkLength(b, px);
    if (!trunk) continue;
    for (const j of JITTER_JOINTS) {
      const [pa, pb, pc] = [a, b, c].map((pose) => pose.keypoints[j]!);
      if (pa![2] < CONFIDENT || pb![2] < CONFIDENT || pc![2] < CONFIDENT) continue;
      const [xa, ya] = px(pa!);
      const [xb, yb] = px(pb!);
      const [xc, yc] = px(pc!);
      const speed = Math.hypot(xc - xa, yc - ya) / trunk / (c.t - a.t);
      if (speed >= SLOW_TRUNKS_PER_SECOND) continue;
      values.push(Math.hypot(xa - 2 * xb + xc, ya - 2 * yb + yc) / trunk);
    }
  }
  return values;
}

/** Per crop near a fast moment: how many of the two wrists and of the two ankles were seen. */
export function seenOnFastMoments(
  poses: CropPose[],
  moments: number[],
  within = 0.2,
): { wrists: number; ankles: number; of: number } {
  const near = poses.filter((p) => moments.some((t) => Math.abs(p.t - t) <= within));
  const count = (joints: number[]) =>
    near.reduce((n, p) => n + joints.filter((j) => p.keypoints[j]![2] >= CONFIDENT).length, 0);
  return {
    wrists: count([L_WRIST, R_WRIST]),
    ankles: count([L_ANKLE, R_ANKLE]),
    of: near.length * 2,
  };
}

/** BlazePose's own order (Human's list): shoulders 11/12, hips 23/24. */
const BP = { lShoulder: 11, rShoulder: 12, lHip: 23, rHip: 24 };

/**
 * How usable BlazePose's world coordinates are for turning the body to its own frame: whether
 * they are finite, the shoulder width's spread (a rigid length should not change), the shoulder
 * line's direction about the vertical axis (the body's facing), and the second difference of the
 * hips and shoulders in metres on evenly spaced samples.
 */
export function worldSteadiness(poses: CropPose[]) {
  const withWorld = poses.filter((p) => p.world && p.world.length > BP.rHip);
  const finite = withWorld.filter((p) =>
    [BP.lShoulder, BP.rShoulder, BP.lHip, BP.rHip].every((i) =>
      p.world![i]!.every((v) => Number.isFinite(v)),
    ),
  );
  const allFinite = withWorld.filter((p) =>
    p.world!.every((w) => w.every((v) => Number.isFinite(v))),
  );
  const at = (p: CropPose, i: number) => p.world![i] as [number, number, number];
  const shoulderWidth = finite.map((p) => {
    const [a, b] = [at(p, BP.lShoulder), at(p, BP.rShoulder)];
    return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  });
  const facing = finite.map((p) => {
    const [a, b] = [at(p, BP.lShoulder), at(p, BP.rShoulder)];
    return (Math.atan2(b[2] - a[2], b[0] - a[0]) * 180) / Math.PI;
  });
  const secondDifference: number[] = [];
  for (const [a, b, c] of evenTriples(finite)) {
    for (const i of [BP.lShoulder, BP.rShoulder, BP.lHip, BP.rHip]) {
      const [pa, pb, pc] = [at(a, i), at(b, i), at(c, i)];
      secondDifference.push(
        Math.hypot(pa[0] - 2 * pb[0] + pc[0], pa[1] - 2 * pb[1] + pc[1], pa[2] - 2 * pb[2] + pc[2]),
      );
    }
  }
  return {
    crops: withWorld.length,
    finite: finite.length,
    allFinite: allFinite.length,
    shoulderWidth,
    facing,
    secondDifference,
  };
}
