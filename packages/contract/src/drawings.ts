import { z } from 'zod';

/**
 * Telestration: shapes drawn over a paused frame, carried by an annotation or a reply.
 * Every point is relative to the video frame (0-100 of its width and height), so a drawing lands
 * on the same spot at any player size, zoom and pan, in fullscreen and in exports.
 */

export const DRAWING_SHAPE_KINDS = [
  'arrow',
  'line',
  'ellipse',
  'rectangle',
  'pen',
  'text',
  'angle',
  'spotlight',
] as const;
export type DrawingShapeKind = (typeof DRAWING_SHAPE_KINDS)[number];

/**
 * Colours that read on grass, a court and snow: each is either very light or very saturated,
 * and the app draws every stroke with a thin dark outline.
 */
export const DRAWING_COLOURS = [
  '#ffd60a', // yellow
  '#ff3b30', // red
  '#00e5ff', // cyan
  '#ff2dd1', // magenta
  '#ff8c00', // orange
  '#ffffff', // white
  '#111111', // black
] as const;
export type DrawingColour = (typeof DRAWING_COLOURS)[number];

export const DRAWING_STROKE_WIDTHS = ['thin', 'thick'] as const;
export type DrawingStrokeWidth = (typeof DRAWING_STROKE_WIDTHS)[number];

/** The most shapes one drawing holds, and the most points one freehand stroke holds. */
export const DRAWING_MAX_SHAPES = 50;
export const DRAWING_MAX_PEN_POINTS = 1000;
export const DRAWING_TEXT_MAX_LENGTH = 200;
/** A shape's text description (e.g. "Angle 94° at the left knee"). */
export const DRAWING_DESCRIPTION_MAX_LENGTH = 300;

const coordinate = (axis: 'x' | 'y') =>
  z
    .number({ error: `drawing points need ${axis} as a number from 0 to 100` })
    .min(0, `drawing point ${axis} must be from 0 to 100`)
    .max(100, `drawing point ${axis} must be from 0 to 100`);

export const drawingPointSchema = z
  .object({ x: coordinate('x'), y: coordinate('y') }, { error: 'a drawing point is {x, y}' })
  .meta({
    id: 'DrawingPoint',
    description: 'Percent of the frame: x from the left, y from the top',
  });
export type DrawingPoint = z.infer<typeof drawingPointSchema>;

const styleFields = {
  colour: z.enum(DRAWING_COLOURS, {
    error: `colour must be one of ${DRAWING_COLOURS.join(' ')}`,
  }),
  width: z.enum(DRAWING_STROKE_WIDTHS, { error: 'width must be thin or thick' }),
  description: z
    .string({ error: 'description must be text' })
    .max(
      DRAWING_DESCRIPTION_MAX_LENGTH,
      `description must be at most ${DRAWING_DESCRIPTION_MAX_LENGTH} characters`,
    )
    .optional()
    .describe('What the shape shows, in words, for screen readers and the note (set by the app)'),
};

/**
 * Arrow and line run from one point to another (the arrow's head is at `to`); ellipse, rectangle
 * and spotlight fill the box between two opposite corners.
 */
const twoPointShape = <Kind extends 'arrow' | 'line' | 'ellipse' | 'rectangle' | 'spotlight'>(
  kind: Kind,
) =>
  z.object({
    kind: z.literal(kind),
    ...styleFields,
    from: drawingPointSchema,
    to: drawingPointSchema,
  });

export const drawingShapeSchema = z
  .discriminatedUnion(
    'kind',
    [
      twoPointShape('arrow'),
      twoPointShape('line'),
      twoPointShape('ellipse'),
      twoPointShape('rectangle'),
      twoPointShape('spotlight').describe('Dims everything outside the ellipse in the box'),
      z.object({
        kind: z.literal('pen'),
        ...styleFields,
        points: z
          .array(drawingPointSchema, { error: 'a pen stroke needs points' })
          .min(2, 'a pen stroke needs at least 2 points')
          .max(
            DRAWING_MAX_PEN_POINTS,
            `a pen stroke may have at most ${DRAWING_MAX_PEN_POINTS} points`,
          ),
      }),
      z.object({
        kind: z.literal('text'),
        ...styleFields,
        at: drawingPointSchema.describe('The top-left of the label'),
        text: z
          .string({ error: 'a text label needs text' })
          .trim()
          .min(1, 'a text label needs text')
          .max(
            DRAWING_TEXT_MAX_LENGTH,
            `a text label must be at most ${DRAWING_TEXT_MAX_LENGTH} characters`,
          ),
      }),
      z
        .object({
          kind: z.literal('angle'),
          ...styleFields,
          points: z
            .tuple([drawingPointSchema, drawingPointSchema, drawingPointSchema], {
              error: 'an angle needs exactly 3 points',
            })
            .describe('[end, vertex, end]: the angle is measured at the middle point'),
        })
        .describe(
          'Degrees are measured in the picture’s own pixels (the frame’s aspect ratio applied)',
        ),
    ],
    { error: `a shape's kind must be one of ${DRAWING_SHAPE_KINDS.join(' ')}` },
  )
  .meta({ id: 'DrawingShape' });
export type DrawingShape = z.infer<typeof drawingShapeSchema>;

export const drawingSchema = z
  .object(
    {
      shapes: z
        .array(drawingShapeSchema, { error: 'drawing.shapes must be a list of shapes' })
        .min(1, 'a drawing needs at least one shape')
        .max(DRAWING_MAX_SHAPES, `a drawing may have at most ${DRAWING_MAX_SHAPES} shapes`),
    },
    { error: 'drawing must be an object with shapes' },
  )
  .meta({ id: 'Drawing' });
export type Drawing = z.infer<typeof drawingSchema>;
