import { describe, expect, it } from 'vitest';
import { angleDegrees, arrowHeadLength, arrowHeadWings } from './drawing-geometry';

const wide = { width: 1600, height: 900 };

describe('angleDegrees', () => {
  it('reads a square corner as 90° in the picture’s own pixels', () => {
    // 9% across a 16:9 frame is as long as 16% down it.
    expect(
      angleDegrees(
        [
          { x: 50, y: 34 },
          { x: 50, y: 50 },
          { x: 59, y: 50 },
        ],
        wide,
      ),
    ).toBe(90);
  });

  it('reads the same degrees in every box the frame is drawn in (player, still, export)', () => {
    // A portrait frame: its pixels, the player's box, and a note's still a pixel off its shape.
    const boxes = [
      { width: 1080, height: 1920 },
      { width: 253.125, height: 450 },
      { width: 320, height: 569 },
      { width: 202, height: 360 },
    ];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 100;
    const point = () => ({
      x: Math.round(random() * 100) / 100,
      y: Math.round(random() * 100) / 100,
    });
    for (let trial = 0; trial < 2000; trial += 1) {
      const arms = [point(), point(), point()] as const;
      const degrees = boxes.map((box) => angleDegrees(arms, box));
      expect(new Set(degrees).size, JSON.stringify(arms)).toBe(1);
    }
  });

  it('would read the same points wrongly on a square picture', () => {
    expect(
      angleDegrees(
        [
          { x: 50, y: 34 },
          { x: 59, y: 50 },
          { x: 68, y: 34 },
        ],
        wide,
      ),
    ).not.toBe(
      angleDegrees(
        [
          { x: 50, y: 34 },
          { x: 59, y: 50 },
          { x: 68, y: 34 },
        ],
        { width: 100, height: 100 },
      ),
    );
  });

  it('reads a straight line as 180° and has no angle without an arm', () => {
    expect(
      angleDegrees(
        [
          { x: 10, y: 10 },
          { x: 20, y: 20 },
          { x: 30, y: 30 },
        ],
        wide,
      ),
    ).toBe(180);
    expect(
      angleDegrees(
        [
          { x: 20, y: 20 },
          { x: 20, y: 20 },
          { x: 30, y: 30 },
        ],
        wide,
      ),
    ).toBeNull();
  });
});

describe('arrowHeadWings', () => {
  it('puts both back corners behind the tip, one either side of the line', () => {
    const [left, right] = arrowHeadWings({ x: 0, y: 0 }, { x: 100, y: 0 }, 20);
    expect(left.x).toBeCloseTo(100 - 20 * Math.cos(Math.PI / 7));
    expect(right.x).toBeCloseTo(left.x);
    expect(left.y).toBeCloseTo(-20 * Math.sin(Math.PI / 7));
    expect(right.y).toBeCloseTo(-left.y);
  });

  it('grows the head with a thick stroke but keeps a thin one visible', () => {
    expect(arrowHeadLength(3)).toBe(12);
    expect(arrowHeadLength(6)).toBe(24);
  });
});
