import { describe, expect, it } from 'vitest';
import { containedRect, frameAspectRatio, pointInRect, zoomRect } from './content-box';

const frame = { width: 1600, height: 900 };

describe('containedRect', () => {
  it('fills a 16:9 frame with a 16:9 picture', () => {
    expect(containedRect(frame, { width: 1920, height: 1080 })).toEqual({
      x: 0,
      y: 0,
      width: 1600,
      height: 900,
    });
  });

  it('pillarboxes a portrait phone clip', () => {
    // 720x1280 scaled to 900 high is 506.25 wide, centred.
    expect(containedRect(frame, { width: 720, height: 1280 })).toEqual({
      x: (1600 - 506.25) / 2,
      y: 0,
      width: 506.25,
      height: 900,
    });
  });

  it('letterboxes a wider-than-16:9 clip', () => {
    const rect = containedRect(frame, { width: 2400, height: 900 });
    expect(rect).toEqual({ x: 0, y: 150, width: 1600, height: 600 });
  });

  it('assumes the whole element while the video size is unknown', () => {
    expect(containedRect(frame, { width: 0, height: 0 })).toEqual({
      x: 0,
      y: 0,
      width: 1600,
      height: 900,
    });
  });
});

describe('zoomRect', () => {
  it('leaves the rect alone at 100%', () => {
    const rect = { x: 10, y: 20, width: 300, height: 200 };
    expect(zoomRect(rect, 1, { x: 0, y: 0 }, frame)).toEqual(rect);
  });

  it('scales about the frame centre and then pans', () => {
    const rect = { x: 0, y: 0, width: 1600, height: 900 };
    expect(zoomRect(rect, 2, { x: 0, y: 0 }, frame)).toEqual({
      x: -800,
      y: -450,
      width: 3200,
      height: 1800,
    });
    expect(zoomRect(rect, 2, { x: 800, y: 450 }, frame)).toEqual({
      x: 0,
      y: 0,
      width: 3200,
      height: 1800,
    });
  });
});

describe('pointInRect', () => {
  it('keeps a guide on the same spot of a pillarboxed picture when zoomed', () => {
    const picture = containedRect(frame, { width: 720, height: 1280 });
    // The picture's centre stays at the frame's centre at any zoom without pan.
    expect(pointInRect(zoomRect(picture, 3, { x: 0, y: 0 }, frame), 0.5, 0.5)).toEqual({
      x: 800,
      y: 450,
    });
    // Its top-left corner moves out by the zoom factor.
    const corner = pointInRect(zoomRect(picture, 2, { x: 0, y: 0 }, frame), 0, 0);
    expect(corner.x).toBeCloseTo(800 - 506.25);
    expect(corner.y).toBeCloseTo(-450);
  });
});

describe('frameAspectRatio', () => {
  it('keeps 16:9 for landscape, square and unknown clips', () => {
    expect(frameAspectRatio({ width: 1920, height: 1080 })).toBe('16 / 9');
    expect(frameAspectRatio({ width: 640, height: 480 })).toBe('16 / 9');
    expect(frameAspectRatio({ width: 500, height: 500 })).toBe('16 / 9');
    expect(frameAspectRatio({ width: 0, height: 0 })).toBe('16 / 9');
  });

  it("takes a portrait clip's own shape", () => {
    expect(frameAspectRatio({ width: 720, height: 1280 })).toBe('720 / 1280');
  });
});
