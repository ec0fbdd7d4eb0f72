import type { VisualGuide } from '@filmroom/contract';
import type { BodyMoment } from './body-series';
import type { Point } from './pose';

/** Shapes drawn over the picture from an athlete's keypoints (pixels in, frame fractions out). */
export type Frame = { width: number; height: number };

const fraction = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
const toFraction = (point: Point, frame: Frame) => ({
  x: fraction(point.x / frame.width),
  y: fraction(point.y / frame.height),
});

export function line(
  from: Point | undefined,
  to: Point | undefined,
  frame: Frame,
  color: string,
): VisualGuide[] {
  if (!from || !to) return [];
  const a = toFraction(from, frame);
  const b = toFraction(to, frame);
  return [{ type: 'line', x: a.x, y: a.y, endX: b.x, endY: b.y, color }];
}

export function arrow(from: Point, to: Point, frame: Frame, color: string): VisualGuide {
  const a = toFraction(from, frame);
  const b = toFraction(to, frame);
  return { type: 'arrow', x: a.x, y: a.y, endX: b.x, endY: b.y, color };
}

/**
 * An arrow from `from` along `vector`, shortened (never bent) so its tip stays inside the
 * frame: clamping each coordinate on its own would turn the arrow away from the movement.
 */
export function arrowWithin(from: Point, vector: Point, frame: Frame, color: string): VisualGuide {
  let scale = 1;
  const limit = (start: number, step: number, size: number) => {
    if (step > 0 && start + step > size) scale = Math.min(scale, (size - start) / step);
    if (step < 0 && start + step < 0) scale = Math.min(scale, -start / step);
  };
  limit(from.x, vector.x, frame.width);
  limit(from.y, vector.y, frame.height);
  scale = Math.max(0, scale);
  return arrow(from, { x: from.x + vector.x * scale, y: from.y + vector.y * scale }, frame, color);
}

export function highlight(at: Point | undefined, frame: Frame, color: string): VisualGuide[] {
  if (!at) return [];
  return [{ type: 'highlight', ...toFraction(at, frame), color }];
}

/** Thigh and shin of the side the camera saw best, as lines. */
export function legGuides(moment: BodyMoment, frame: Frame, color: string): VisualGuide[] {
  const side = moment.leftKneeAngle !== undefined ? 'left' : 'right';
  const p = moment.points;
  return [
    ...line(p[`${side}_hip`], p[`${side}_knee`], frame, color),
    ...line(p[`${side}_knee`], p[`${side}_ankle`], frame, color),
  ];
}

/** Upper arm and forearm of the side the camera saw best, as lines. */
export function armGuides(moment: BodyMoment, frame: Frame, color: string): VisualGuide[] {
  const side = moment.leftElbowAngle !== undefined ? 'left' : 'right';
  const p = moment.points;
  return [
    ...line(p[`${side}_shoulder`], p[`${side}_elbow`], frame, color),
    ...line(p[`${side}_elbow`], p[`${side}_wrist`], frame, color),
  ];
}
