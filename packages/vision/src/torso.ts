import { clampBox, integerBox } from './geometry';
import type { Box, Keypoint } from './types';

const CONFIDENT = 0.3;

/**
 * The shirt front: the box spanned by shoulders and hips, pulled in from the sides (arms hang
 * there) and down from the shoulders (the neck and collar). Undefined unless both shoulders and at
 * least one hip are seen.
 */
export function torsoBox(keypoints: Keypoint[], width: number, height: number): Box | undefined {
  const ls = keypoints[5];
  const rs = keypoints[6];
  const hips = [keypoints[11], keypoints[12]].filter(
    (p): p is Keypoint => !!p && p.score >= CONFIDENT,
  );
  if (!ls || !rs || ls.score < CONFIDENT || rs.score < CONFIDENT || hips.length === 0) {
    return undefined;
  }
  const xs = [ls.x, rs.x, ...hips.map((p) => p.x)];
  const top = Math.min(ls.y, rs.y);
  const bottom = Math.max(...hips.map((p) => p.y));
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  const w = right - left;
  const h = bottom - top;
  if (w < 4 || h < 6) return undefined;
  const box = clampBox([left + w * 0.15, top + h * 0.12, w * 0.7, h * 0.8], width, height);
  return integerBox(box);
}

export function torsoScore(keypoints: Keypoint[]): number {
  const parts = [5, 6, 11, 12].map((i) => keypoints[i]?.score ?? 0);
  return parts.reduce((s, v) => s + v, 0) / parts.length;
}

/** Copies a box out of a packed RGB picture. */
export function cutRgb(
  data: Uint8Array,
  width: number,
  box: Box,
): { width: number; height: number; data: Uint8Array } {
  const [x, y, w, h] = box;
  const out = new Uint8Array(w * h * 3);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * width + x) * 3;
    out.set(data.subarray(from, from + w * 3), row * w * 3);
  }
  return { width: w, height: h, data: out };
}
