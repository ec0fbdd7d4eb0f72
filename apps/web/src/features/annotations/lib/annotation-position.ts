/** A rectangle in frame pixels (the picture inside the player, after letterboxing and zoom). */
export type PictureRect = { x: number; y: number; width: number; height: number };

/** Where a note is pinned: percent of the picture's width and height (spec §3). */
export type PicturePosition = { xPosition: number; yPosition: number };

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Where a click at `point` (frame pixels) lands on the picture, in percent. Measured against
 * the picture itself, not the player: a portrait clip has bars at its sides, and a zoomed one
 * reaches past the frame, and the pin must stay on the same spot of the picture either way.
 * Null for a click on the bars beside the picture.
 */
export function positionInPicture(
  point: { x: number; y: number },
  picture: PictureRect,
): PicturePosition | null {
  if (picture.width <= 0 || picture.height <= 0) return null;
  const x = ((point.x - picture.x) / picture.width) * 100;
  const y = ((point.y - picture.y) / picture.height) * 100;
  if (x < 0 || x > 100 || y < 0 || y > 100) return null;
  return { xPosition: round2(x), yPosition: round2(y) };
}

/** The frame pixel a pinned position is drawn at, wherever the picture is now. */
export function pointOnPicture(
  picture: PictureRect,
  position: PicturePosition,
): { x: number; y: number } {
  return {
    x: picture.x + (position.xPosition / 100) * picture.width,
    y: picture.y + (position.yPosition / 100) * picture.height,
  };
}

/** Whether a point lies within the frame (a zoomed picture's pins may sit beyond its edges). */
export function insideFrame(
  point: { x: number; y: number },
  frame: { width: number; height: number },
): boolean {
  return point.x >= 0 && point.y >= 0 && point.x <= frame.width && point.y <= frame.height;
}
