import { describe, expect, it } from 'vitest';
import type { BodyMoment } from './body-series';
import { speedSeries } from './movement';
import { findStillPeriods } from './stillness';

const BODY = 300;

/** A body held still (hips at 500, 400 px) with keypoint jitter, sampled at `times`. */
function heldHips(times: number[], jitter: number, glitches: Record<number, number> = {}) {
  // A fixed pseudo-random sequence: the same jitter on every run.
  let seed = 7;
  const noise = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 2 * jitter * BODY;
  };
  return times.map(
    (t) =>
      ({
        t,
        hip: { x: 500 + noise() + (glitches[t] ?? 0) * BODY, y: 400 + noise() },
      }) as BodyMoment,
  );
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) }, (_, i) => from + i * step);

describe('hip speed', () => {
  // As a scan samples a held pose: five a second, with a stretch at the source frame rate
  // where something else in the picture moved.
  const scanTimes = [...range(0, 2, 0.2), ...range(2, 2.5, 1 / 30), ...range(2.5, 6, 0.2)];

  it('reads a held pose as still however the scan sampled it', () => {
    const moments = heldHips(scanTimes, 0.01);
    const speeds = speedSeries(moments, BODY);
    // Keypoint jitter of 1 % of the body is no move of 13 cm a second.
    expect(Math.max(...speeds.map((s) => s.speed))).toBeLessThan(0.1);
    const [hold, ...others] = findStillPeriods(speeds, BODY);
    expect(others).toHaveLength(0);
    expect(hold!.seconds).toBeGreaterThan(5.5);
  });

  it('does not take a hip keypoint glitching for one sparse sample for a move', () => {
    const moments = heldHips(scanTimes, 0.005, { [scanTimes[30]!]: 0.04 });
    const speeds = speedSeries(moments, BODY);
    expect(Math.max(...speeds.map((s) => s.speed))).toBeLessThan(0.1);
  });

  it('reads the same walk at 15 and 30 frames a second', () => {
    const walk = (fps: number) =>
      range(0, 3, 1 / fps).map(
        (t) => ({ t, hip: { x: 100 + 0.8 * BODY * t, y: 400 } }) as BodyMoment,
      );
    const at = (fps: number) => speedSeries(walk(fps), BODY).find((s) => s.t >= 1.5)!.speed;
    expect(at(15)).toBeCloseTo(0.8, 2);
    expect(at(30)).toBeCloseTo(0.8, 2);
  });
});
