import { describe, expect, it } from 'vitest';
import {
  arrowHead,
  BOX_LABEL_SIZE_PX,
  boxLabelAnchor,
  guideShapes,
  HIGHLIGHT_DIAMETER_PX,
  personBoxShape,
  TOOLBAR_CLEARANCE_PX,
} from './visual-guides';

const picture = { x: 100, y: 0, width: 400, height: 300 };

describe('guideShapes', () => {
  it('places a highlight as a 50 px circle at its fraction of the picture', () => {
    expect(guideShapes([{ type: 'highlight', x: 0.5, y: 0.5 }], picture)).toEqual([
      { kind: 'circle', center: { x: 300, y: 150 }, radius: 25, color: 'white' },
    ]);
    expect(HIGHLIGHT_DIAMETER_PX).toBe(50);
  });

  it('draws lines and arrows between their points, in their colour', () => {
    const [line, arrow] = guideShapes(
      [
        { type: 'line', x: 0, y: 0, endX: 1, endY: 1, color: '#ff0000' },
        { type: 'arrow', x: 0, y: 1, endX: 1, endY: 0 },
      ],
      picture,
    );
    expect(line).toEqual({
      kind: 'line',
      from: { x: 100, y: 0 },
      to: { x: 500, y: 300 },
      color: '#ff0000',
      head: null,
    });
    expect(arrow).toMatchObject({ kind: 'line', color: 'white', to: { x: 500, y: 0 } });
    expect(arrow?.kind === 'line' && arrow.head?.[0]).toEqual({ x: 500, y: 0 });
  });

  it('skips a line without an end point', () => {
    expect(guideShapes([{ type: 'arrow', x: 0.2, y: 0.2 }], picture)).toEqual([]);
  });
});

describe('arrowHead', () => {
  it('points its corners back along the shaft', () => {
    const [tip, left, right] = arrowHead({ x: 0, y: 0 }, { x: 100, y: 0 }, 10);
    expect(tip).toEqual({ x: 100, y: 0 });
    expect(left!.x).toBeLessThan(100);
    expect(right!.x).toBeLessThan(100);
    expect(left!.y).toBeCloseTo(-right!.y);
  });
});

describe('personBoxShape', () => {
  it('places a person box by its fractions of the picture, after letterboxing and zoom', () => {
    const shape = personBoxShape({ box: [0.25, 0.5, 0.5, 0.25], label: 'Jo' }, picture);
    expect(shape).toEqual({ x: 200, y: 150, width: 200, height: 75, label: 'Jo' });
  });

  it('puts the name inside the top-left corner, clear of the toolbar and the frame edge', () => {
    expect(boxLabelAnchor({ x: 200, y: 150, width: 80, height: 200, label: 'Jo' })).toEqual({
      x: 206,
      y: 150 + 6 + BOX_LABEL_SIZE_PX,
    });
    const underToolbar = boxLabelAnchor({ x: -20, y: 4, width: 80, height: 200, label: 'Jo' });
    expect(underToolbar).toEqual({ x: 6, y: TOOLBAR_CLEARANCE_PX + 6 + BOX_LABEL_SIZE_PX });
  });
});
