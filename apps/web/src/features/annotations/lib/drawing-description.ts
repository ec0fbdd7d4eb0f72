import {
  angleDegrees,
  type Drawing,
  type DrawingColour,
  type DrawingPoint,
  type DrawingShape,
} from '@filmroom/contract';
import type { PictureSize } from './drawing-geometry';

/** The names a screen reader says for the palette (see DRAWING_COLOURS). */
export const COLOUR_NAMES: Record<DrawingColour, string> = {
  '#ffd60a': 'Yellow',
  '#ff3b30': 'Red',
  '#00e5ff': 'Cyan',
  '#ff2dd1': 'Magenta',
  '#ff8c00': 'Orange',
  '#ffffff': 'White',
  '#111111': 'Black',
};

/** Names the body joint near a point of the frame ("left knee"), when the poses know one. */
export type JointNear = (point: DrawingPoint, picture: PictureSize) => string | null;

const at = (point: DrawingPoint) => `${Math.round(point.x)}% across, ${Math.round(point.y)}% down`;
const centre = (a: DrawingPoint, b: DrawingPoint) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * A shape in words, for screen readers and the note's "Drawing:" line: "Yellow arrow from 20%
 * across, 30% down to 60% across, 70% down", "Angle 94° at the left knee".
 */
export function describeShape(
  shape: DrawingShape,
  picture: PictureSize,
  jointNear: JointNear = () => null,
): string {
  const colour = COLOUR_NAMES[shape.colour];
  switch (shape.kind) {
    case 'arrow':
      return `${colour} arrow from ${at(shape.from)} to ${at(shape.to)}`;
    case 'line':
      return `${colour} line from ${at(shape.from)} to ${at(shape.to)}`;
    case 'ellipse':
      return `${colour} circle around ${at(centre(shape.from, shape.to))}`;
    case 'rectangle':
      return `${colour} box from ${at(shape.from)} to ${at(shape.to)}`;
    case 'spotlight':
      return `Spotlight on ${at(centre(shape.from, shape.to))}`;
    case 'pen': {
      const first = shape.points[0];
      const last = shape.points[shape.points.length - 1];
      return first && last
        ? `${colour} freehand line from ${at(first)} to ${at(last)}`
        : `${colour} freehand line`;
    }
    case 'text':
      return `Label “${shape.text}” at ${at(shape.at)}`;
    case 'angle': {
      const degrees = angleDegrees(shape.points, picture) ?? 0;
      const joint = jointNear(shape.points[1], picture);
      return joint
        ? `Angle ${degrees}° at the ${joint}`
        : `Angle ${degrees}° at ${at(shape.points[1])}`;
    }
  }
}

/** The shapes with their descriptions filled in, as the note stores them. */
export function describeDrawing(
  shapes: readonly DrawingShape[],
  picture: PictureSize,
  jointNear?: JointNear,
): Drawing {
  return {
    shapes: shapes.map((shape) => ({
      ...shape,
      description: describeShape(shape, picture, jointNear),
    })),
  };
}

/** A drawing in one line ("Yellow arrow …; Angle 94°"), from the descriptions it was saved with. */
export function drawingSummary(drawing: Drawing): string {
  return drawing.shapes
    .map((shape) => shape.description ?? `${COLOUR_NAMES[shape.colour]} ${shape.kind}`)
    .join('; ');
}
