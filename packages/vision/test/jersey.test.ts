import { describe, expect, it } from 'vitest';
import { dominantJerseyColor, JERSEY_COLOR_NAMES } from '../src/index';
import type { RgbPicture } from '../src/index';
import { trackJerseyColor } from '../src/jersey';

type Rgb = [number, number, number];

/**
 * A synthetic torso crop: the shirt colour with noise and a darker fold band (shade), plus a
 * stripe of skin (an arm) and a stripe of background at the sides.
 */
function torso(shirt: Rgb, options: { skin?: boolean; background?: Rgb } = {}): RgbPicture {
  const width = 60;
  const height = 80;
  const data = new Uint8Array(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed / 2 ** 31 - 0.5) * 24;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let colour: Rgb = shirt;
      const shade = y > 50 && y < 62 ? 0.6 : 1;
      if (options.skin && x < 8) colour = [224, 172, 140];
      else if (options.background && x >= width - 6) colour = options.background;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        data[i + c] = Math.max(0, Math.min(255, Math.round(colour[c]! * shade + noise())));
      }
    }
  }
  return { width, height, data };
}

describe('dominantJerseyColor', () => {
  const cases: [string, Rgb][] = [
    ['Red', [205, 30, 40]],
    ['Blue', [20, 70, 170]],
    ['Navy', [30, 40, 80]],
    ['Sky Blue', [120, 180, 230]],
    ['Green', [20, 140, 70]],
    ['Yellow', [250, 215, 30]],
    ['Orange', [250, 110, 30]],
    ['Purple', [100, 40, 160]],
    ['Pink', [235, 120, 170]],
    ['Pink', [215, 45, 115]],
    ['Maroon', [110, 28, 42]],
    ['Black', [25, 25, 28]],
    ['White', [240, 240, 238]],
    ['Grey', [130, 132, 135]],
  ];

  it.each(cases)('names a %s shirt with an arm and background in view', (name, rgb) => {
    const reading = dominantJerseyColor(torso(rgb, { skin: true, background: [90, 140, 60] }));
    expect(reading?.name).toBe(name);
    expect(reading!.confidence).toBeGreaterThan(0.5);
    expect(reading!.confidence).toBeLessThanOrEqual(1);
  });

  it('only ever answers with names from the app list', () => {
    expect(JERSEY_COLOR_NAMES).toContain('Sky Blue');
    const reading = dominantJerseyColor(torso([12, 200, 200]));
    expect(JERSEY_COLOR_NAMES).toContain(reading?.name);
  });

  it('is less sure of a shirt that is half one colour and half another', () => {
    const clean = dominantJerseyColor(torso([205, 30, 40]))!;
    const half = torso([205, 30, 40]);
    for (let i = 0; i < half.data.length / 2; i += 3) half.data.set([20, 70, 170], i);
    const mixed = dominantJerseyColor(half)!;
    expect(mixed.confidence).toBeLessThan(clean.confidence);
  });

  it('gives no answer for an empty crop', () => {
    expect(dominantJerseyColor({ width: 2, height: 2, data: new Uint8Array(12) })).toBeUndefined();
  });

  it('combines readings of a track by weighted vote', () => {
    const combined = trackJerseyColor([
      { name: 'Red', confidence: 0.9 },
      { name: 'Red', confidence: 0.8 },
      { name: 'Maroon', confidence: 0.4 },
    ]);
    expect(combined?.name).toBe('Red');
    expect(combined!.confidence).toBeLessThan(0.85);
    expect(trackJerseyColor([])).toBeUndefined();
  });
});
