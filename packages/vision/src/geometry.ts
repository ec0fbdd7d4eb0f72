import type { Box } from './types';

export function iou(a: Box, b: Box): number {
  const x1 = Math.max(a[0], b[0]);
  const y1 = Math.max(a[1], b[1]);
  const x2 = Math.min(a[0] + a[2], b[0] + b[2]);
  const y2 = Math.min(a[1] + a[3], b[1] + b[3]);
  const inter = Math.max(0, x2 - x1) * Math.max(0, y2 - y1);
  const union = a[2] * a[3] + b[2] * b[3] - inter;
  return union > 0 ? inter / union : 0;
}

export function centre(box: Box): [number, number] {
  return [box[0] + box[2] / 2, box[1] + box[3] / 2];
}

/** Clamps a box to a width x height picture, keeping at least one pixel. */
export function clampBox(box: Box, width: number, height: number): Box {
  const x = Math.min(Math.max(0, box[0]), width - 1);
  const y = Math.min(Math.max(0, box[1]), height - 1);
  const x2 = Math.min(Math.max(x + 1, box[0] + box[2]), width);
  const y2 = Math.min(Math.max(y + 1, box[1] + box[3]), height);
  return [x, y, x2 - x, y2 - y];
}

/** A square of side `scale` x the box's longer side, on the box's centre, inside the picture. */
export function squareAround(box: Box, scale: number, width: number, height: number): Box {
  const [cx, cy] = centre(box);
  const side = Math.max(box[2], box[3]) * scale;
  return integerBox(clampBox([cx - side / 2, cy - side / 2, side, side], width, height));
}

export function integerBox(box: Box): Box {
  const x = Math.floor(box[0]);
  const y = Math.floor(box[1]);
  return [
    x,
    y,
    Math.max(1, Math.ceil(box[0] + box[2]) - x),
    Math.max(1, Math.ceil(box[1] + box[3]) - y),
  ];
}

export function round4(value: number): number {
  return Math.round(value * 10000) / 10000;
}
