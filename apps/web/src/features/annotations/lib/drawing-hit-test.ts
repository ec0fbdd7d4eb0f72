import type { DrawingPoint, DrawingShape } from '@filmroom/contract';
import { pixelDistance } from './drawing-geometry';
import type { PictureSize } from './drawing-geometry';

/** How far from a stroke (in screen pixels) a press still picks it: a fingertip's reach. */
const HIT_TOLERANCE_PX = 12;

type Pixel = { x: number; y: number };

const toPixels = (point: DrawingPoint, picture: PictureSize): Pixel => ({
  x: (point.x / 100) * picture.width,
  y: (point.y / 100) * picture.height,
});

function distanceToSegment(p: Pixel, a: Pixel, b: Pixel): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function distanceToPolyline(p: Pixel, points: readonly Pixel[]): number {
  let best = Infinity;
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous) best = Math.min(best, distanceToSegment(p, previous, point));
  });
  return best;
}

/** Roughly how far a point is from an ellipse's outline, or 0 inside a filled one. */
function distanceToEllipse(p: Pixel, from: Pixel, to: Pixel, filled: boolean): number {
  const cx = (from.x + to.x) / 2;
  const cy = (from.y + to.y) / 2;
  const rx = Math.max(Math.abs(to.x - from.x) / 2, 1);
  const ry = Math.max(Math.abs(to.y - from.y) / 2, 1);
  const normalised = Math.hypot((p.x - cx) / rx, (p.y - cy) / ry);
  if (filled && normalised <= 1) return 0;
  return Math.abs(normalised - 1) * Math.min(rx, ry);
}

/** A label's box, estimated from its length (the same size the layer draws it at). */
function textBox(
  at: DrawingPoint,
  text: string,
  picture: PictureSize,
): { x: number; y: number; width: number; height: number } {
  const size = labelFontSize(picture);
  const corner = toPixels(at, picture);
  return {
    x: corner.x,
    y: corner.y,
    width: text.length * size * 0.6 + size * 0.8,
    height: size * 1.5,
  };
}

/** A label's font size grows with the picture, so it covers the same part of the frame at any size. */
export function labelFontSize(picture: PictureSize): number {
  return Math.max(12, picture.height * 0.045);
}

/** How far (screen pixels) a press is from a shape; 0 on or inside a box or label. */
function distanceToShape(shape: DrawingShape, p: Pixel, picture: PictureSize): number {
  switch (shape.kind) {
    case 'arrow':
    case 'line':
      return distanceToSegment(p, toPixels(shape.from, picture), toPixels(shape.to, picture));
    case 'pen':
    case 'angle':
      return distanceToPolyline(
        p,
        shape.points.map((point) => toPixels(point, picture)),
      );
    case 'ellipse':
      return distanceToEllipse(
        p,
        toPixels(shape.from, picture),
        toPixels(shape.to, picture),
        false,
      );
    case 'spotlight':
      return distanceToEllipse(p, toPixels(shape.from, picture), toPixels(shape.to, picture), true);
    case 'rectangle': {
      const a = toPixels(shape.from, picture);
      const b = toPixels(shape.to, picture);
      const corners = [a, { x: b.x, y: a.y }, b, { x: a.x, y: b.y }, a];
      return distanceToPolyline(p, corners);
    }
    case 'text': {
      const box = textBox(shape.at, shape.text, picture);
      const dx = Math.max(box.x - p.x, 0, p.x - (box.x + box.width));
      const dy = Math.max(box.y - p.y, 0, p.y - (box.y + box.height));
      return Math.hypot(dx, dy);
    }
  }
}

/**
 * The shape a press at `point` picks: the topmost (last drawn) within reach, or null. A later
 * shape drawn over an earlier one is the one the coach sees, so it wins.
 */
export function hitTest(
  shapes: readonly DrawingShape[],
  point: DrawingPoint,
  picture: PictureSize,
  tolerance = HIT_TOLERANCE_PX,
): number | null {
  const pixel = toPixels(point, picture);
  for (let index = shapes.length - 1; index >= 0; index -= 1) {
    const shape = shapes[index];
    if (shape && distanceToShape(shape, pixel, picture) <= tolerance) return index;
  }
  return null;
}

/** Whether a drag is long enough to be a shape rather than a slip of the hand (in screen pixels). */
export function isDeliberate(from: DrawingPoint, to: DrawingPoint, picture: PictureSize): boolean {
  return pixelDistance(from, to, picture) >= 4;
}
