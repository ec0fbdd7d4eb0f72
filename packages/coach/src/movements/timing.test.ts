import { describe, expect, it } from 'vitest';
import { riseEnded } from './timing';

describe('the end of a rise, between samples', () => {
  it('reads a speed where its span is centred, as the scan turns sparse at a lockout', () => {
    // Shoulder heights (trunk lengths) through the third lift of the front-view deadlift clip:
    // sampled densely through the pull, then five times a second once the rise slows. The
    // label puts the lockout at 13.48 s ± 0.05 (12.6 s: the bottom; 13.6 s: the top).
    const times = [
      12.6, 12.8, 12.833, 12.867, 12.9, 12.933, 12.967, 13.0, 13.033, 13.067, 13.1, 13.133, 13.167,
      13.2, 13.233, 13.267, 13.3, 13.333, 13.367, 13.4, 13.6, 13.8,
    ];
    const heights = [
      0.095, 0.179, 0.204, 0.235, 0.28, 0.336, 0.389, 0.447, 0.508, 0.585, 0.68, 0.783, 0.87, 0.936,
      0.992, 1.066, 1.133, 1.176, 1.21, 1.223, 1.251, 1.238,
    ];
    const top = times.indexOf(13.6);
    // Taken as the speed at 13.4 s, the difference from 13.367 s to 13.6 s put the end of the
    // rise at 13.39 s, 90 ms early: the last stretch of it lies between 13.4 and 13.6 s.
    expect(Math.abs(riseEnded(times, heights, 0, top, 0.1) - 13.48)).toBeLessThanOrEqual(0.05);
  });

  it('ends a rise still going at its top sample between that sample and the next', () => {
    // Five samples a second: rising evenly to 1.0 s, level from then on.
    const times = [0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4];
    const heights = [0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.0, 1.0];
    const ended = riseEnded(times, heights, 0, 5, 0.1);
    expect(ended).toBeGreaterThan(0.9);
    expect(ended).toBeLessThanOrEqual(1.1);
  });
});
