import type { MetricSeries, MovementEvent } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { repAround, repName, sideRepNumbers, valueAt } from './rep-numbers';

// Three squat reps: each has a descent start, a bottom and a lockout.
const EVENTS: MovementEvent[] = [1, 4, 7].flatMap((bottom, i) => [
  { name: 'descent_start', label: `Descent starts (rep ${i + 1})`, t: bottom - 0.8 },
  { name: 'bottom', label: `Bottom of rep ${i + 1}`, t: bottom },
  { name: 'lockout', label: `Lockout (rep ${i + 1})`, t: bottom + 0.9 },
]);

/** Knee angle every 0.2 s, bending to 120°, 100° and 80° at the three bottoms. */
function kneeSeries(): MetricSeries {
  const depth = [120, 100, 80];
  const samples: [number, number][] = [];
  for (let step = 0; step <= 45; step += 1) {
    const t = step / 5;
    const rep = Math.min(2, Math.max(0, Math.round((t - 1) / 3)));
    const bottom = 1 + rep * 3;
    const bend = Math.max(0, 1 - Math.abs(t - bottom) / 1.2);
    samples.push([t, 170 - (170 - depth[rep]!) * bend]);
  }
  return { name: 'Knee angle', unit: '°', target: 100, samples };
}

describe('repAround', () => {
  it('finds the rep of the key moment synced on, bounded halfway to its neighbours', () => {
    expect(repAround(EVENTS, 1)).toEqual({ number: 1, count: 3, start: -Infinity, end: 2.5 });
    expect(repAround(EVENTS, 4)).toEqual({ number: 2, count: 3, start: 2.5, end: 5.5 });
    expect(repAround(EVENTS, 7)).toEqual({ number: 3, count: 3, start: 5.5, end: Infinity });
  });

  it('takes the rep of the nearest key moment for a sync point marked by hand', () => {
    // 7.8 s is nearest rep 3's lockout (7.9 s).
    expect(repAround(EVENTS, 7.8)?.number).toBe(3);
    expect(repAround(EVENTS, 3.3)?.number).toBe(2);
  });

  it('knows no rep without events', () => {
    expect(repAround([], 2)).toBeNull();
    expect(repName(null)).toBe('Whole clip');
  });
});

describe('valueAt', () => {
  it('reads between the samples around a moment, and nothing across a gap', () => {
    const samples = [
      [0, 100],
      [0.2, 110],
      [2, 150],
    ] as const;
    expect(valueAt(samples, 0.1)).toBeCloseTo(105);
    expect(valueAt(samples, 0.2)).toBe(110);
    expect(valueAt(samples, 1)).toBeNull();
    expect(valueAt(samples, 3)).toBeNull();
  });
});

describe('sideRepNumbers', () => {
  it('reads each rep at its own bottom, not the whole clip', () => {
    const series = kneeSeries();
    const rep1 = sideRepNumbers(series, EVENTS, 1);
    const rep3 = sideRepNumbers(series, EVENTS, 7);
    expect(rep1.atSyncPoint).toBeCloseTo(120);
    expect(rep1.low).toBeCloseTo(120);
    expect(rep3.atSyncPoint).toBeCloseTo(80);
    expect(rep3.low).toBeCloseTo(80);
    expect(repName(rep3.rep)).toBe('Rep 3 of 3');
  });

  it('reads the whole clip when the reading has no reps', () => {
    const numbers = sideRepNumbers(kneeSeries(), [], 4);
    expect(numbers.rep).toBeNull();
    expect(numbers.low).toBeCloseTo(80);
    expect(numbers.atSyncPoint).toBeCloseTo(100);
  });
});
