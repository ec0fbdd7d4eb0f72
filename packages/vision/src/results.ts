import { round4 } from './geometry';
import type { Box, FaceSample, Keypoint } from './types';

/** Pixels to rounded fractions of the frame: the stored form, compact and size-independent. */
export function fractionBox(box: Box, width: number, height: number): Box {
  return [
    round4(box[0] / width),
    round4(box[1] / height),
    round4(box[2] / width),
    round4(box[3] / height),
  ];
}

/** Keypoints are clamped to the frame: movenet can place a limb just past the edge of its crop. */
export function fractionKeypoints(points: Keypoint[], width: number, height: number): Keypoint[] {
  const inside = (v: number) => Math.min(1, Math.max(0, v));
  return points.map((p) => ({
    name: p.name,
    x: round4(inside(p.x / width)),
    y: round4(inside(p.y / height)),
    score: round4(p.score),
  }));
}

export function fractionFace(
  face: FaceSample,
  width: number,
  height: number,
  keepEmbedding: boolean,
): FaceSample {
  return {
    box: fractionBox(face.box, width, height),
    score: round4(face.score),
    ...(keepEmbedding && face.embedding
      ? { embedding: face.embedding.map((v) => Math.round(v * 1e5) / 1e5) }
      : {}),
  };
}
