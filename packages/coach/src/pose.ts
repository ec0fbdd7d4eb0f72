import type { POSE_KEYPOINT_ORDER } from '@filmroom/contract';

/**
 * What the coach engine reads: people tracked through a clip, with body keypoints per sample.
 * Coordinates are fractions (0-1) of the frame, as the vision scan stores them; the frame's
 * pixel size is needed to measure true angles on non-square pictures.
 */
export type KeypointName = (typeof POSE_KEYPOINT_ORDER)[number];

export type Keypoint = { name: string; x: number; y: number; score: number };

export type PoseSample = {
  /** Seconds from the start of the clip. */
  t: number;
  /** [x, y, width, height] as fractions of the frame. */
  box: [number, number, number, number];
  keypoints: Keypoint[];
};

export type PoseTrack = {
  id: number | string;
  samples: PoseSample[];
  /** The shirt colour the vision scan read, when it read one. */
  jerseyColor?: { name: string; confidence: number };
};

export type PoseScan = {
  duration: number;
  width: number;
  height: number;
  tracks: PoseTrack[];
};

/** Below this the model is guessing: such points are left out of every measurement. */
const MIN_KEYPOINT_SCORE = 0.3;

export type Point = { x: number; y: number };

/** A keypoint in pixels, or undefined when it was not seen well enough. */
export function keypointOf(
  sample: PoseSample,
  name: KeypointName,
  frame: { width: number; height: number },
): Point | undefined {
  const keypoint = sample.keypoints.find((k) => k.name === name);
  if (!keypoint || keypoint.score < MIN_KEYPOINT_SCORE) return undefined;
  return { x: keypoint.x * frame.width, y: keypoint.y * frame.height };
}

export function midpoint(a: Point | undefined, b: Point | undefined): Point | undefined {
  if (!a || !b) return a ?? b;
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
