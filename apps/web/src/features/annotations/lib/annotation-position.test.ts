import { describe, expect, it } from 'vitest';
import { insideFrame, pointOnPicture, positionInPicture } from './annotation-position';

// A portrait clip in a 640 x 360 frame: the picture is 202.5 px wide, centred.
const portrait = { x: 218.75, y: 0, width: 202.5, height: 360 };

describe('positionInPicture', () => {
  it('measures from the picture, not the bars beside it', () => {
    expect(positionInPicture({ x: 320, y: 180 }, portrait)).toEqual({
      xPosition: 50,
      yPosition: 50,
    });
    expect(positionInPicture({ x: 218.75, y: 0 }, portrait)).toEqual({
      xPosition: 0,
      yPosition: 0,
    });
    expect(positionInPicture({ x: 269.375, y: 90 }, portrait)).toEqual({
      xPosition: 25,
      yPosition: 25,
    });
  });

  it('ignores a click on the bars', () => {
    expect(positionInPicture({ x: 100, y: 180 }, portrait)).toBeNull();
    expect(positionInPicture({ x: 500, y: 180 }, portrait)).toBeNull();
  });

  it('follows a zoomed picture that reaches past the frame', () => {
    // 200% zoom of a 16:9 picture filling the 640 x 360 frame, panned 100 px right.
    const zoomed = { x: -220, y: -180, width: 1280, height: 720 };
    expect(positionInPicture({ x: 420, y: 180 }, zoomed)).toEqual({
      xPosition: 50,
      yPosition: 50,
    });
    expect(positionInPicture({ x: 100, y: 0 }, zoomed)).toEqual({ xPosition: 25, yPosition: 25 });
  });

  it('knows no picture before the video has a size', () => {
    expect(positionInPicture({ x: 1, y: 1 }, { x: 0, y: 0, width: 0, height: 0 })).toBeNull();
  });

  it('is undone by pointOnPicture', () => {
    const position = positionInPicture({ x: 300, y: 40 }, portrait)!;
    const point = pointOnPicture(portrait, position);
    expect(point.x).toBeCloseTo(300, 0);
    expect(point.y).toBeCloseTo(40, 0);
  });
});

describe('insideFrame', () => {
  it('is false for a pin a zoom has pushed out of view', () => {
    const frame = { width: 640, height: 360 };
    expect(insideFrame({ x: 320, y: 180 }, frame)).toBe(true);
    expect(insideFrame({ x: -4, y: 180 }, frame)).toBe(false);
    expect(insideFrame({ x: 320, y: 400 }, frame)).toBe(false);
  });
});
