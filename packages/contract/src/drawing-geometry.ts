/**
 * The measures a drawing is drawn with, shared by the player (web) and the export (media) so
 * an exported drawing reads as it did on screen: the angle tool's degrees and arrow heads.
 */

/** A picture's size in pixels; only its aspect ratio matters to the angle. */
type PictureSize = { width: number; height: number };
type Point = { x: number; y: number };

/**
 * The angle at `vertex` between the arms to `a` and `b` (points in percent of the picture),
 * in whole degrees from 0 to 180. Measured in the picture's pixels: 10% across a 16:9 frame is
 * longer than 10% down it, and a knee bent square must read 90°. Null while an arm has no length.
 */
export function angleDegrees(
  [a, vertex, b]: readonly [Point, Point, Point],
  picture: PictureSize,
): number | null {
  // The frame's shape to a hundredth: the same frame is drawn in boxes whose sizes differ by a
  // pixel's rounding (the player, a note's still 569 px high for 568.9), and that must not
  // turn a 158° drawn on the player into 159° once saved.
  const aspect = Math.round((picture.width / picture.height) * 100) / 100;
  const ax = (a.x - vertex.x) * aspect;
  const ay = a.y - vertex.y;
  const bx = (b.x - vertex.x) * aspect;
  const by = b.y - vertex.y;
  const lengths = Math.hypot(ax, ay) * Math.hypot(bx, by);
  if (!(lengths > 0)) return null;
  const cosine = Math.min(1, Math.max(-1, (ax * bx + ay * by) / lengths));
  return Math.round((Math.acos(cosine) * 180) / Math.PI);
}

/** A drawn arrow's head grows with its stroke, never smaller than a fingertip's worth. */
export const arrowHeadLength = (stroke: number) => Math.max(12, stroke * 4);

/**
 * The two back corners of an arrow head at `to` (pixels), `length` long along the line from
 * `from`, each spread a seventh of a half turn from it: the left one first.
 */
export function arrowHeadWings(from: Point, to: Point, length: number): [Point, Point] {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const spread = Math.PI / 7;
  const wing = (side: number) => ({
    x: to.x - length * Math.cos(angle + side * spread),
    y: to.y - length * Math.sin(angle + side * spread),
  });
  return [wing(1), wing(-1)];
}
