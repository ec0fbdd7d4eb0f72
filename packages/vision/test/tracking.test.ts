import { describe, expect, it } from 'vitest';
import { PeopleTracker } from '../src/tracking';
import type { Sighting } from '../src/tracking';
import type { Box } from '../src/types';

const seen = (box: Box): Sighting => ({ box, score: 0.8, keypoints: [] });

describe('PeopleTracker', () => {
  it('keeps two runners apart and bridges a short gap', () => {
    const tracker = new PeopleTracker({ maxGapFrames: 3, minSamples: 2 });
    for (let i = 0; i < 10; i++) {
      const runner: Box = [10 + i * 12, 100, 40, 120];
      const other: Box = [400 - i * 5, 90, 45, 130];
      // The runner is hidden for frames 4 and 5.
      tracker.push(i, i * 0.2, i === 4 || i === 5 ? [seen(other)] : [seen(runner), seen(other)]);
    }
    const tracks = tracker.tracks();
    expect(tracks).toHaveLength(2);
    expect(tracks.map((t) => t.samples.length).sort()).toEqual([10, 8]);
    for (const track of tracks) {
      const xs = track.samples.map((s) => s.box[0]);
      const moves = xs.slice(1).map((x, i) => Math.abs(x - xs[i]!));
      // No identity swap: each track moves smoothly.
      expect(Math.max(...moves)).toBeLessThan(40);
    }
  });

  it('starts a new track after a long absence and drops one-frame ghosts', () => {
    const tracker = new PeopleTracker({ maxGapFrames: 2, minSamples: 2 });
    tracker.push(0, 0, [seen([0, 0, 50, 100]), seen([300, 0, 50, 100])]);
    tracker.push(1, 0.2, [seen([2, 0, 50, 100])]);
    for (let i = 6; i < 9; i++) tracker.push(i, i * 0.2, [seen([4, 0, 50, 100])]);
    const tracks = tracker.tracks();
    expect(tracks.map((t) => t.samples.length)).toEqual([2, 3]);
    expect(new Set(tracks.map((t) => t.id)).size).toBe(2);
  });
});
