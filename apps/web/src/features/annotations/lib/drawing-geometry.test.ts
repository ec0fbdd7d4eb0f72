import { describe, expect, it } from 'vitest';
import { moveShape, pointerToPercent, shapeAnchor } from './drawing-geometry';

const wide = { width: 1600, height: 900 };

describe('pointerToPercent', () => {
  it('measures against the picture and stops at its edges', () => {
    expect(pointerToPercent({ x: 400, y: 450 }, wide)).toEqual({ x: 25, y: 50 });
    expect(pointerToPercent({ x: -30, y: 1000 }, wide)).toEqual({ x: 0, y: 100 });
  });
});

describe('moveShape', () => {
  it('moves every point and stops the whole shape at the frame’s edge', () => {
    const arrow = {
      kind: 'arrow' as const,
      colour: '#ffd60a' as const,
      width: 'thin' as const,
      from: { x: 10, y: 10 },
      to: { x: 90, y: 20 },
    };
    expect(moveShape(arrow, 5, 5)).toMatchObject({ from: { x: 15, y: 15 }, to: { x: 95, y: 25 } });
    // 20 across would push the head off the frame: it stops 10 across, keeping its shape.
    expect(moveShape(arrow, 20, 0)).toMatchObject({
      from: { x: 20, y: 10 },
      to: { x: 100, y: 20 },
    });
  });
});

describe('shapeAnchor', () => {
  it('pins at an angle’s vertex and a box’s centre', () => {
    expect(
      shapeAnchor({
        kind: 'angle',
        colour: '#ffd60a',
        width: 'thin',
        points: [
          { x: 1, y: 1 },
          { x: 40, y: 60 },
          { x: 9, y: 9 },
        ],
      }),
    ).toEqual({ x: 40, y: 60 });
    expect(
      shapeAnchor({
        kind: 'spotlight',
        colour: '#ffd60a',
        width: 'thin',
        from: { x: 10, y: 20 },
        to: { x: 30, y: 60 },
      }),
    ).toEqual({ x: 20, y: 40 });
  });
});
