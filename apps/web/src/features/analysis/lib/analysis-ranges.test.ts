import { describe, expect, it } from 'vitest';
import { addChoice } from './analysis-ranges';

describe('choosing ranges of a long video', () => {
  it('keeps the chosen ranges in time order', () => {
    const chosen = addChoice([{ start: 60, end: 90 }], { start: 10, end: 20 }, []);
    expect(chosen).toEqual([
      { start: 10, end: 20 },
      { start: 60, end: 90 },
    ]);
  });

  it('refuses a range that overlaps one chosen or one being analysed, saying which', () => {
    expect(addChoice([{ start: 60, end: 90 }], { start: 80, end: 100 }, [])).toBe(
      '1:20–1:40 overlaps 1:00–1:30.',
    );
    expect(addChoice([], { start: 5, end: 15 }, [{ start: 10, end: 30 }])).toBe(
      '0:05–0:15 overlaps 0:10–0:30.',
    );
    // Touching is not overlapping.
    expect(addChoice([{ start: 0, end: 10 }], { start: 10, end: 20 }, [])).toHaveLength(2);
  });

  it('refuses a range that does not end after it starts', () => {
    expect(addChoice([], { start: 10, end: 10 }, [])).toBe('The range must end after it starts.');
  });
});
