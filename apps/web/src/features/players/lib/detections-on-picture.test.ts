import type { PlayerDetection } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { peopleOnPicture, personKey } from './detections-on-picture';
import { detectionAt } from './test-detection';

const seen = (
  trackId: number,
  timestamp: number,
  box: [number, number, number, number],
): PlayerDetection => ({ ...detectionAt(timestamp), trackId, box });

describe('peopleOnPicture', () => {
  const walking = [0, 0.5, 1, 1.5, 2, 2.5, 3].map((t) => seen(1, t, [0.1 + t / 10, 0.2, 0.2, 0.6]));
  const standing = [0, 0.5, 1, 1.5].map((t) => seen(2, t, [0.7, 0.1, 0.1, 0.5]));

  it("boxes each person once, at their detection nearest to now, with their feet's way", () => {
    const people = peopleOnPicture([...walking, ...standing], 2.9);
    expect(people.map((p) => p.key)).toEqual(['track:1']);
    const [walker] = people;
    expect(walker!.detection.timestamp).toBe(3);
    // Two seconds back: 1, 1.5, 2, 2.5 and 3 s; the feet are the box's bottom centre.
    expect(walker!.path).toHaveLength(5);
    expect(walker!.path[0]!.x).toBeCloseTo(0.1 + 0.1 + 0.1);
    expect(walker!.path[0]!.y).toBeCloseTo(0.8);
    expect(walker!.path.at(-1)!.x).toBeCloseTo(0.1 + 0.3 + 0.1);
  });

  it('shows nobody between detections further than a quarter second away, or without a box', () => {
    expect(peopleOnPicture(walking, 3.3)).toEqual([]);
    expect(peopleOnPicture([detectionAt(1)], 1)).toEqual([]);
    expect(peopleOnPicture([...walking, ...standing], 1.25)).toHaveLength(2);
  });

  it('tells detections stored without a track apart by time and box', () => {
    const old = {
      ...detectionAt(1),
      box: [0.1, 0.1, 0.2, 0.2] as [number, number, number, number],
    };
    expect(personKey(old)).toBe('at:1|0.1,0.1,0.2,0.2');
    expect(personKey(seen(4, 1, [0, 0, 1, 1]))).toBe('track:4');
  });
});
