import { describe, expect, it } from 'vitest';
import { replyBodySchema } from './annotations';
import {
  DRAWING_COLOURS,
  DRAWING_MAX_PEN_POINTS,
  DRAWING_MAX_SHAPES,
  DRAWING_SHAPE_KINDS,
  drawingSchema,
  type DrawingShape,
} from './drawings';

const style = { colour: '#ffd60a', width: 'thin' } as const;
const point = (x: number, y: number) => ({ x, y });

const ONE_OF_EACH: Record<(typeof DRAWING_SHAPE_KINDS)[number], DrawingShape> = {
  arrow: { kind: 'arrow', ...style, from: point(0, 0), to: point(100, 100) },
  line: { kind: 'line', ...style, from: point(10, 10), to: point(20, 90) },
  ellipse: { kind: 'ellipse', ...style, from: point(30, 30), to: point(60, 50) },
  rectangle: { kind: 'rectangle', ...style, from: point(5, 5), to: point(95, 95) },
  spotlight: { kind: 'spotlight', ...style, from: point(40, 40), to: point(60, 70) },
  pen: { kind: 'pen', ...style, points: [point(1, 1), point(1.5, 2.25)] },
  text: { kind: 'text', ...style, at: point(50, 0), text: 'Hips' },
  angle: {
    kind: 'angle',
    ...style,
    points: [point(40, 30), point(45, 60), point(60, 62)],
    description: 'Angle 94° at the left knee',
  },
};

/** The first message a drawing made of these shapes gets, or null if it is valid. */
function messageFor(shapes: unknown): string | null {
  const parsed = drawingSchema.safeParse({ shapes });
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

describe('drawingSchema', () => {
  it.each(DRAWING_SHAPE_KINDS)('takes a %s', (kind) => {
    expect(drawingSchema.parse({ shapes: [ONE_OF_EACH[kind]] })).toEqual({
      shapes: [ONE_OF_EACH[kind]],
    });
  });

  it('takes every colour of the palette, both widths, and the most shapes and points', () => {
    const shapes = DRAWING_COLOURS.flatMap((colour) =>
      (['thin', 'thick'] as const).map((width) => ({ ...ONE_OF_EACH.arrow, colour, width })),
    );
    expect(messageFor(shapes)).toBeNull();
    expect(
      messageFor(Array.from({ length: DRAWING_MAX_SHAPES }, () => ONE_OF_EACH.line)),
    ).toBeNull();
    const longest = {
      ...ONE_OF_EACH.pen,
      points: Array.from({ length: DRAWING_MAX_PEN_POINTS }, (_, i) => point(i / 10, 50)),
    };
    expect(messageFor([longest])).toBeNull();
  });

  it('trims a label', () => {
    const parsed = drawingSchema.parse({ shapes: [{ ...ONE_OF_EACH.text, text: '  Hips  ' }] });
    expect(parsed.shapes[0]).toMatchObject({ text: 'Hips' });
  });

  it.each([
    ['no shapes', [], 'a drawing needs at least one shape'],
    [
      'one shape too many',
      Array.from({ length: DRAWING_MAX_SHAPES + 1 }, () => ONE_OF_EACH.arrow),
      'a drawing may have at most 50 shapes',
    ],
    [
      'an unknown kind',
      [{ ...ONE_OF_EACH.arrow, kind: 'star' }],
      "a shape's kind must be one of arrow line ellipse rectangle pen text angle spotlight",
    ],
    [
      'a shape with no kind',
      [{ ...style, from: point(1, 1) }],
      "a shape's kind must be one of arrow line ellipse rectangle pen text angle spotlight",
    ],
    [
      'a pen stroke of one point',
      [{ ...ONE_OF_EACH.pen, points: [point(1, 1)] }],
      'a pen stroke needs at least 2 points',
    ],
    [
      'a pen stroke one point too long',
      [
        {
          ...ONE_OF_EACH.pen,
          points: Array.from({ length: DRAWING_MAX_PEN_POINTS + 1 }, () => point(1, 1)),
        },
      ],
      'a pen stroke may have at most 1000 points',
    ],
    [
      'x past 100',
      [{ ...ONE_OF_EACH.line, to: point(100.01, 5) }],
      'drawing point x must be from 0 to 100',
    ],
    [
      'a negative y',
      [{ ...ONE_OF_EACH.line, from: point(5, -0.01) }],
      'drawing point y must be from 0 to 100',
    ],
    [
      'a point as text',
      [{ ...ONE_OF_EACH.line, from: { x: '5', y: 5 } }],
      'drawing points need x as a number from 0 to 100',
    ],
    [
      'a point that is a list',
      [{ ...ONE_OF_EACH.line, from: [1, 2] }],
      'a drawing point is {x, y}',
    ],
    [
      'an angle of 2 points',
      [{ ...ONE_OF_EACH.angle, points: [point(1, 1), point(2, 2)] }],
      'an angle needs exactly 3 points',
    ],
    ['a blank label', [{ ...ONE_OF_EACH.text, text: '   ' }], 'a text label needs text'],
    [
      'a label too long',
      [{ ...ONE_OF_EACH.text, text: 'x'.repeat(201) }],
      'a text label must be at most 200 characters',
    ],
    [
      'a colour off the palette',
      [{ ...ONE_OF_EACH.arrow, colour: 'green' }],
      'colour must be one of #ffd60a #ff3b30 #00e5ff #ff2dd1 #ff8c00 #ffffff #111111',
    ],
    ['an unknown width', [{ ...ONE_OF_EACH.arrow, width: 'bold' }], 'width must be thin or thick'],
    [
      'a description too long',
      [{ ...ONE_OF_EACH.angle, description: 'x'.repeat(301) }],
      'description must be at most 300 characters',
    ],
  ])('refuses %s, with a message', (_case, shapes, message) => {
    expect(messageFor(shapes)).toBe(message);
  });

  it('refuses a drawing that is not an object with shapes', () => {
    for (const drawing of ['arrow', [], null, { shape: [] }]) {
      const parsed = drawingSchema.safeParse(drawing);
      expect(parsed.error?.issues[0]?.message).toMatch(/^drawing/);
    }
  });
});

describe('replyBodySchema', () => {
  it('takes text, a drawing, or both', () => {
    const drawing = { shapes: [ONE_OF_EACH.ellipse] };
    expect(replyBodySchema.parse({ content: ' Yes ' })).toEqual({ content: 'Yes', drawing: null });
    expect(replyBodySchema.parse({ drawing })).toEqual({ content: '', drawing });
    expect(replyBodySchema.parse({ content: 'Here', drawing })).toEqual({
      content: 'Here',
      drawing,
    });
  });

  it.each([[{}], [{ content: '  ' }], [{ content: '', drawing: null }]])(
    'refuses %j: a reply needs text or a drawing',
    (body) => {
      expect(replyBodySchema.safeParse(body).error?.issues[0]?.message).toBe(
        'A reply needs text or a drawing',
      );
    },
  );
});
