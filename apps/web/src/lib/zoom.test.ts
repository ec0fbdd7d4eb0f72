import { describe, expect, it } from 'vitest';
import { canPan, clampPan, stepZoom, ZOOM_MAX, ZOOM_MIN, zoomPercent } from './zoom';

const frame = { width: 1600, height: 900 };

describe('stepZoom', () => {
  it('moves in steps of 0.5 between 1x and 4x', () => {
    expect(stepZoom(1, 'in')).toBe(1.5);
    expect(stepZoom(3.5, 'in')).toBe(4);
    expect(stepZoom(4, 'in')).toBe(ZOOM_MAX);
    expect(stepZoom(1.5, 'out')).toBe(1);
    expect(stepZoom(1, 'out')).toBe(ZOOM_MIN);
  });

  it('visits every step from 100% to 400%', () => {
    const seen = [1];
    while (seen.at(-1)! < ZOOM_MAX) seen.push(stepZoom(seen.at(-1)!, 'in'));
    expect(seen.map(zoomPercent)).toEqual(['100%', '150%', '200%', '250%', '300%', '350%', '400%']);
  });
});

describe('clampPan', () => {
  it('allows no panning at 100%', () => {
    expect(clampPan({ x: 300, y: -200 }, 1, frame)).toEqual({ x: 0, y: 0 });
    expect(canPan(1)).toBe(false);
    expect(canPan(1.5)).toBe(true);
  });

  it('stops at the zoomed edges', () => {
    // At 2x the picture is 3200x1800: half the extra, 800x450, may slide each way.
    expect(clampPan({ x: 5000, y: -5000 }, 2, frame)).toEqual({ x: 800, y: -450 });
    expect(clampPan({ x: -100, y: 40 }, 2, frame)).toEqual({ x: -100, y: 40 });
    expect(clampPan({ x: -99999, y: 99999 }, 4, frame)).toEqual({ x: -2400, y: 1350 });
  });

  it('pulls the picture back in when zooming out', () => {
    expect(clampPan({ x: 2400, y: 1350 }, 1.5, frame)).toEqual({ x: 400, y: 225 });
  });
});
