import { describe, expect, it } from 'vitest';
import { highestBetween, leftLevel, reachedLevel } from './shared';

// A squat's hips sampled five times a second while standing, densely while moving: standing
// at 1.0 until 1.5 s, then down at 2 trunks a second, then back up at 2 a second from 2.0 s.
const hips = (t: number) => (t < 1.5 ? 1 : t < 2 ? 1 - 2 * (t - 1.5) : Math.min(1, 2 * (t - 2)));
const times = [1.0, 1.2, 1.4, 1.6, 1.8, 2.0, 2.2, 2.4, 2.6, 2.8];
const heights = times.map(hips);

describe('moments between samples', () => {
  it('traces the start of a descent back along its speed to the standing level', () => {
    const t = leftLevel(times, heights, 0, 5, 1, 0.07, -1);
    expect(t).toBeCloseTo(1.5, 5);
  });

  it('traces the arrival back at standing forward along the speed it came at', () => {
    const t = reachedLevel(times, heights, 5, 9, 1, 0.07, 1);
    expect(t).toBeCloseTo(2.5, 5);
  });

  it('says nothing when the level is never left or never reached again', () => {
    expect(
      leftLevel(
        times,
        times.map(() => 1),
        0,
        9,
        1,
        0.07,
        -1,
      ),
    ).toBeUndefined();
    expect(reachedLevel(times, heights, 5, 6, 1, 0.07, 1)).toBeUndefined();
  });

  it('places a peak at the vertex of the parabola through its samples', () => {
    const ts = [0, 0.2, 0.4];
    const values = ts.map((t) => -((t - 0.25) ** 2));
    expect(highestBetween(ts, values, 1)).toBeCloseTo(0.25, 5);
  });
});
