import type { DrawingPoint, DrawingShape } from '@filmroom/contract';

/** A picture's size in pixels; only its aspect ratio matters to the measures here. */
export type PictureSize = { width: number; height: number };

const round2 = (value: number) => Math.round(value * 100) / 100;
const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

/**
 * Where a pointer at `offset` (pixels from the picture's top-left) lands, in percent of the
 * picture; a drag past its edge stops at the edge, so every stored point lies on the frame.
 */
export function pointerToPercent(
  offset: { x: number; y: number },
  picture: PictureSize,
): DrawingPoint {
  if (picture.width <= 0 || picture.height <= 0) return { x: 0, y: 0 };
  return {
    x: round2(clampPercent((offset.x / picture.width) * 100)),
    y: round2(clampPercent((offset.y / picture.height) * 100)),
  };
}

/** The pixel a stored point is drawn at on a picture of this size. */
export function percentToPixels(
  point: DrawingPoint,
  picture: PictureSize,
): { x: number; y: number } {
  return { x: (point.x / 100) * picture.width, y: (point.y / 100) * picture.height };
}

/** Distance between two stored points in the picture's own pixels (its aspect ratio applied). */
export function pixelDistance(a: DrawingPoint, b: DrawingPoint, picture: PictureSize): number {
  return Math.hypot(((a.x - b.x) / 100) * picture.width, ((a.y - b.y) / 100) * picture.height);
}

/** Every point a shape is made of (the corners of a box shape, the ends of a line). */
function shapePoints(shape: DrawingShape): DrawingPoint[] {
  switch (shape.kind) {
    case 'pen':
    case 'angle':
      return [...shape.points];
    case 'text':
      return [shape.at];
    default:
      return [shape.from, shape.to];
  }
}

/**
 * Where a drawing's note is pinned when the coach did not pick a spot: the first shape's
 * anchor (an arrow's head, a box's centre, an angle's vertex, a label's corner).
 */
export function shapeAnchor(shape: DrawingShape): DrawingPoint {
  switch (shape.kind) {
    case 'arrow':
    case 'line':
      return shape.to;
    case 'ellipse':
    case 'rectangle':
    case 'spotlight':
      return {
        x: round2((shape.from.x + shape.to.x) / 2),
        y: round2((shape.from.y + shape.to.y) / 2),
      };
    case 'pen':
      // A stroke has at least two points (the contract's rule).
      return shape.points[0] ?? { x: 50, y: 50 };
    case 'angle':
      return shape.points[1];
    case 'text':
      return shape.at;
  }
}

/**
 * The shape moved by (dx, dy) percent, stopped so that none of its points leaves the frame
 * (the whole shape stops at the edge rather than being squashed against it).
 */
export function moveShape(shape: DrawingShape, dx: number, dy: number): DrawingShape {
  const points = shapePoints(shape);
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const stepX = Math.min(100 - Math.max(...xs), Math.max(-Math.min(...xs), dx));
  const stepY = Math.min(100 - Math.max(...ys), Math.max(-Math.min(...ys), dy));
  const move = (point: DrawingPoint): DrawingPoint => ({
    x: round2(clampPercent(point.x + stepX)),
    y: round2(clampPercent(point.y + stepY)),
  });
  switch (shape.kind) {
    case 'pen':
      return { ...shape, points: shape.points.map(move) };
    case 'angle':
      return {
        ...shape,
        points: [move(shape.points[0]), move(shape.points[1]), move(shape.points[2])],
      };
    case 'text':
      return { ...shape, at: move(shape.at) };
    default:
      return { ...shape, from: move(shape.from), to: move(shape.to) };
  }
}
