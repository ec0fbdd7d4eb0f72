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
