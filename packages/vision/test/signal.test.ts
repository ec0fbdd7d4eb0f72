import { describe, expect, it } from 'vitest';
import { turningPoints } from './signal';

describe('turningPoints (test helper)', () => {
  it('counts the swings of a wave and ignores jitter', () => {
    const wave = Array.from({ length: 60 }, (_, i) => Math.sin((i / 60) * 6 * Math.PI));
    expect(turningPoints(wave, 0.5)).toEqual({ minima: 3, maxima: 3 });
    const jitter = Array.from({ length: 60 }, (_, i) => (i % 2 ? 0.01 : -0.01));
    expect(turningPoints(jitter, 0.1)).toEqual({ minima: 0, maxima: 0 });
  });
});
