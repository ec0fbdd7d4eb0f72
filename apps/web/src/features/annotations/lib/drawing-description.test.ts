import type { DrawingShape } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { describeDrawing, describeShape, drawingSummary } from './drawing-description';

const picture = { width: 1600, height: 900 };

const angle: DrawingShape = {
  kind: 'angle',
  colour: '#ffd60a',
  width: 'thin',
  points: [
    { x: 50, y: 34 },
    { x: 50, y: 50 },
    { x: 59, y: 50 },
  ],
};

describe('describeShape', () => {
  it('says where an arrow runs, in percent of the frame', () => {
    expect(
      describeShape(
        {
          kind: 'arrow',
          colour: '#ff3b30',
          width: 'thin',
          from: { x: 20.2, y: 30 },
          to: { x: 60, y: 70.6 },
        },
        picture,
      ),
    ).toBe('Red arrow from 20% across, 30% down to 60% across, 71% down');
  });

  it('gives an angle in degrees, at a joint when the poses name one', () => {
    expect(describeShape(angle, picture)).toBe('Angle 90° at 50% across, 50% down');
    expect(describeShape(angle, picture, () => 'left knee')).toBe('Angle 90° at the left knee');
  });

  it('quotes a label', () => {
    expect(
      describeShape(
        { kind: 'text', colour: '#ffffff', width: 'thin', at: { x: 5, y: 5 }, text: 'Knees out' },
        picture,
      ),
    ).toBe('Label “Knees out” at 5% across, 5% down');
  });
});

describe('describeDrawing and drawingSummary', () => {
  it('stores each description with its shape and reads them back in one line', () => {
    const drawing = describeDrawing(
      [
        angle,
        {
          kind: 'spotlight',
          colour: '#ffd60a',
          width: 'thin',
          from: { x: 0, y: 0 },
          to: { x: 20, y: 40 },
        },
      ],
      picture,
    );
    expect(drawing.shapes[1]?.description).toBe('Spotlight on 10% across, 20% down');
    expect(drawingSummary(drawing)).toBe(
      'Angle 90° at 50% across, 50% down; Spotlight on 10% across, 20% down',
    );
  });
});
