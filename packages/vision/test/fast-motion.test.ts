import { describe, expect, it } from 'vitest';
import {
  denseRuns,
  limbSpeed,
  mergeDenseSamples,
  planDenseSlots,
  slotOf,
} from '../src/fast-motion';
import type { PixelTrack, TrackedSample } from '../src/tracking';
import { KEYPOINT_NAMES } from '../src/types';
import type { Keypoint } from '../src/types';

/** A 200 px tall person standing still, wrists at hip height unless moved. */
function sample(t: number, moves: Partial<Record<number, [number, number]>> = {}): TrackedSample {
  const keypoints: Keypoint[] = KEYPOINT_NAMES.map((name, i) => {
    const [x, y] = moves[i] ?? [100 + (i % 2 === 0 ? 10 : -10), 20 + i * 10];
    return { name, x, y, score: 0.8 };
  });
  return { t, index: Math.round(t * 5), box: [50, 0, 100, 200], score: 0.9, keypoints };
}

function track(id: number, samples: TrackedSample[]): PixelTrack {
  return { id, samples };
}

const options = { fps: 5, extraFramesPerSlot: 5, budgetFrames: 1000, minSpeed: 0.6 };

describe('limbSpeed', () => {
  it('reads body heights per second from the fastest wrist, hip or ankle', () => {
    // The right wrist (10) travels 100 px, half the body, in 0.2 s: 2.5 heights a second.
    const speed = limbSpeed(sample(1), sample(1.2, { 10: [110, 220] }));
    expect(speed).toBeCloseTo(2.5, 5);
  });

  it('does not mistake left and right swapping places for a fast move', () => {
    const before = sample(1);
    const [left, right] = [before.keypoints[9]!, before.keypoints[10]!];
    const after = sample(1.2, { 9: [right.x, right.y], 10: [left.x, left.y] });
    expect(limbSpeed(before, after)).toBeCloseTo(0, 5);
  });

  it('ignores joints the model is unsure of', () => {
    const after = sample(1.2, { 10: [110, 220] });
    after.keypoints[10]!.score = 0.1;
    expect(limbSpeed(sample(1), after)).toBeCloseTo(0, 5);
  });
});

describe('planDenseSlots', () => {
  it('chooses the slot of a fast move with the slot before and after', () => {
    const samples = Array.from({ length: 10 }, (_, i) =>
      sample(i * 0.2, i >= 5 ? { 10: [110, 220] } : {}),
    );
    const plan = planDenseSlots([track(7, samples)], options);
    expect([...plan.get(7)!].sort((a, b) => a - b)).toEqual([3, 4, 5]);
  });

  it('spends a small budget on the fastest move first', () => {
    // A slow swing (1.25 heights/s) from slot 2 to 3 and a fast one (2.5) from slot 7 to 8.
    const samples = Array.from({ length: 10 }, (_, i) => {
      const y = i < 3 ? 0 : i < 8 ? 50 : 150;
      return sample(i * 0.2, { 10: [110, 120 + y] });
    });
    const plan = planDenseSlots([track(1, samples)], { ...options, budgetFrames: 15 });
    expect([...plan.get(1)!].sort((a, b) => a - b)).toEqual([6, 7, 8]);
    const both = planDenseSlots([track(1, samples)], { ...options, budgetFrames: 30 });
    expect([...both.get(1)!].sort((a, b) => a - b)).toEqual([1, 2, 3, 6, 7, 8]);
  });

  it('leaves slow movement and gaps in a track alone', () => {
    const slow = Array.from({ length: 10 }, (_, i) => sample(i * 0.2, { 10: [110, 120 + i * 5] }));
    expect(planDenseSlots([track(1, slow)], options).size).toBe(0);
    // A big move, but across a missed sample: when it happened is not known.
    const moved = { 10: [110, 220] as [number, number] };
    const gap = [sample(0), sample(0.2), sample(0.6, moved), sample(0.8, moved)];
    expect(planDenseSlots([track(1, gap)], options).size).toBe(0);
  });

  it('plans nothing when the source rate is no higher than the base rate', () => {
    const samples = [sample(0), sample(0.2, { 10: [110, 220] })];
    expect(planDenseSlots([track(1, samples)], { ...options, extraFramesPerSlot: 0 }).size).toBe(0);
  });
});

describe('denseRuns', () => {
  it('joins neighbouring slots with the same tracks into runs naming them', () => {
    const plan = new Map([
      [2, new Set([5, 6, 9, 10])],
      [1, new Set([3, 4, 5])],
    ]);
    expect(denseRuns(plan)).toEqual([
      { from: 3, to: 5, tracks: [1] },
      { from: 5, to: 6, tracks: [1, 2] },
      { from: 6, to: 7, tracks: [2] },
      { from: 9, to: 11, tracks: [2] },
    ]);
  });
});

describe('slotOf', () => {
  it('puts a frame a hair before a slot boundary (time-base rounding) in that slot', () => {
    expect(slotOf(0.4, 5)).toBe(2);
    expect(slotOf(0.3999, 5)).toBe(2);
    expect(slotOf(0.3966, 5)).toBe(1);
  });
});

describe('mergeDenseSamples', () => {
  it('sorts by time, keeps the base sample where both saw one frame, and marks dense ones', () => {
    const base = [sample(0), sample(0.2002), sample(0.4004)];
    base[1]!.face = { box: [0, 0, 10, 10], score: 0.9 };
    const dense = [0.2336, 0.2002, 0.0334, 0.0667, 0.1668].map((t) => sample(t));
    const merged = mergeDenseSamples(base, dense, 0.25 / 29.97);
    expect(merged.map((s) => s.t)).toEqual([0, 0.0334, 0.0667, 0.1668, 0.2002, 0.2336, 0.4004]);
    expect(merged.map((s) => Boolean(s.dense))).toEqual([
      false,
      true,
      true,
      true,
      false,
      true,
      false,
    ]);
    expect(merged[4]!.face).toBeDefined();
  });
});
