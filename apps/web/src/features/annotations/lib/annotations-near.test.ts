import { describe, expect, it } from 'vitest';
import { annotationsNear, sortedByTime } from './annotations-near';

const note = (id: string, timestamp: number, createdAt = '2026-01-01T00:00:00.000Z') => ({
  id,
  timestamp,
  createdAt,
});

describe('annotationsNear', () => {
  const notes = [note('a', 1), note('b', 3), note('c', 8)];

  it('pins the notes within a second of the playback time', () => {
    expect(annotationsNear(notes, 2).map((n) => n.id)).toEqual(['a', 'b']);
    expect(annotationsNear(notes, 3.5).map((n) => n.id)).toEqual(['b']);
    expect(annotationsNear(notes, 5.5)).toEqual([]);
  });

  it('keeps the open note pinned wherever playback is', () => {
    expect(annotationsNear(notes, 5.5, 'c').map((n) => n.id)).toEqual(['c']);
  });
});

describe('sortedByTime', () => {
  it('orders by moment, then by writing', () => {
    const sorted = sortedByTime([
      note('late', 5),
      note('second', 2, '2026-01-01T00:00:02.000Z'),
      note('first', 2, '2026-01-01T00:00:01.000Z'),
    ]);
    expect(sorted.map((n) => n.id)).toEqual(['first', 'second', 'late']);
  });
});
