import type { VisualGuide } from '@filmroom/contract';
import { pointInRect } from '@/lib/content-box';
import type { Point, Rect } from '@/lib/content-box';

/** Spec §9: a highlight is a 50 px circle; lines and arrows are 2 px wide; white by default. */
export const HIGHLIGHT_DIAMETER_PX = 50;
export const GUIDE_STROKE_WIDTH = 2;
const DEFAULT_GUIDE_COLOR = 'white';
const ARROW_HEAD_PX = 12;

export type GuideShape =
  | { kind: 'line'; from: Point; to: Point; color: string; head: Point[] | null }
  | { kind: 'circle'; center: Point; radius: number; color: string };

/** A person's box over the picture: [x, y, width, height] as fractions of the frame. */
export type PersonBox = { box: readonly [number, number, number, number]; label: string };

export type BoxShape = { x: number; y: number; width: number; height: number; label: string };

/** Where a person's box is drawn, in frame pixels, like the guides (after letterboxing and zoom). */
export function personBoxShape({ box, label }: PersonBox, picture: Rect): BoxShape {
  const [x, y, width, height] = box;
  const corner = pointInRect(picture, x, y);
  return { ...corner, width: width * picture.width, height: height * picture.height, label };
}

export const BOX_LABEL_SIZE_PX = 13;
const BOX_LABEL_INSET_PX = 6;
/**
 * The viewer's toolbar covers the top of the frame (about 44 px on a phone, 56 px from sm up):
 * a name drawn there would be hidden behind it.
 */
export const TOOLBAR_CLEARANCE_PX = 56;

/**
 * Where a box's name goes (the text's baseline start): inside its top-left corner, where it
 * cannot run into the toolbar above or the timeline below the picture; pushed down below the
 * toolbar when the box starts under it, and never left of the frame.
 */
export function boxLabelAnchor(shape: BoxShape): Point {
  const top = Math.max(shape.y, TOOLBAR_CLEARANCE_PX);
  return {
    x: Math.max(0, shape.x) + BOX_LABEL_INSET_PX,
    y: top + BOX_LABEL_INSET_PX + BOX_LABEL_SIZE_PX,
  };
}

/** The two back corners of an arrow head whose tip is at `to`. */
export function arrowHead(from: Point, to: Point, size = ARROW_HEAD_PX): Point[] {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const spread = Math.PI / 7;
  return [
    to,
    { x: to.x - size * Math.cos(angle - spread), y: to.y - size * Math.sin(angle - spread) },
    { x: to.x - size * Math.cos(angle + spread), y: to.y - size * Math.sin(angle + spread) },
  ];
}

/**
 * Where each guide is drawn, in frame pixels, given the picture's rect in the frame (after
 * letterboxing and zoom). A line or arrow without an end point cannot be drawn and is skipped.
 */
export function guideShapes(guides: readonly VisualGuide[], picture: Rect): GuideShape[] {
  const shapes: GuideShape[] = [];
  for (const guide of guides) {
    const color = guide.color || DEFAULT_GUIDE_COLOR;
    const start = pointInRect(picture, guide.x, guide.y);
    if (guide.type === 'highlight') {
      shapes.push({ kind: 'circle', center: start, radius: HIGHLIGHT_DIAMETER_PX / 2, color });
      continue;
    }
    if (guide.endX === undefined || guide.endY === undefined) continue;
    const end = pointInRect(picture, guide.endX, guide.endY);
    shapes.push({
      kind: 'line',
      from: start,
      to: end,
      color,
      head: guide.type === 'arrow' ? arrowHead(start, end) : null,
    });
  }
  return shapes;
}
