import { describe, expect, it } from 'vitest';
import {
  draggedRange,
  formatRangeTime,
  leavesRange,
  loopTarget,
  markedRange,
  markIn,
  markOut,
  NO_MARKS,
} from './time-range';

describe('range marks', () => {
  it('closes a range with an in and an out point', () => {
    const marks = markOut(markIn(NO_MARKS, 12), 18);
    expect(markedRange(marks)).toEqual({ start: 12, end: 18 });
  });

  it('is no range with only an in point', () => {
    expect(markedRange(markIn(NO_MARKS, 12))).toBeNull();
  });

  it('starts at 0:00 when only the out point is marked', () => {
    expect(markedRange(markOut(NO_MARKS, 4))).toEqual({ start: 0, end: 4 });
  });

  it('drops an out point that a later in point passes', () => {
    const marks = markIn(markOut(markIn(NO_MARKS, 2), 5), 7);
    expect(marks).toEqual({ in: 7, out: null });
    expect(markedRange(marks)).toBeNull();
  });

  it('drops an in point that an earlier out point passes', () => {
    const marks = markOut(markIn(NO_MARKS, 7), 3);
    expect(marks).toEqual({ in: null, out: 3 });
    expect(markedRange(marks)).toEqual({ start: 0, end: 3 });
  });

  it('moves the out point and keeps the in point', () => {
    expect(markOut(markOut(markIn(NO_MARKS, 2), 5), 6)).toEqual({ in: 2, out: 6 });
  });

  it('ignores an in and out on the same moment', () => {
    expect(markedRange(markOut(markIn(NO_MARKS, 3), 3.05))).toBeNull();
  });
});

describe('draggedRange', () => {
  it('orders a drag made either way', () => {
    expect(draggedRange(9, 4)).toEqual({ start: 4, end: 9 });
    expect(draggedRange(4, 9)).toEqual({ start: 4, end: 9 });
  });

  it('is null for a click that hardly moved', () => {
    expect(draggedRange(4, 4.02)).toBeNull();
  });
});

describe('loopTarget', () => {
  const range = { start: 2, end: 4 };

  it('keeps playing inside the range', () => {
    expect(loopTarget(3, range)).toBeNull();
    expect(loopTarget(2, range)).toBeNull();
  });

  it('wraps to the start at or past the end', () => {
    expect(loopTarget(4, range)).toBe(2);
    expect(loopTarget(4.3, range)).toBe(2);
  });

  it('wraps a frame early with a lead', () => {
    expect(loopTarget(3.97, range, 1 / 30)).toBe(2);
    expect(loopTarget(3.9, range, 1 / 30)).toBeNull();
  });
});

describe('leavesRange', () => {
  const range = { start: 2, end: 4 };

  it('is a seek before the start or past the end', () => {
    expect(leavesRange(0.5, range)).toBe(true);
    expect(leavesRange(9, range)).toBe(true);
  });

  it('is not a seek within the range', () => {
    expect(leavesRange(2, range)).toBe(false);
    expect(leavesRange(3.5, range)).toBe(false);
    expect(leavesRange(4, range)).toBe(false);
  });
});

describe('formatRangeTime', () => {
  it('shows minutes, seconds and tenths', () => {
    expect(formatRangeTime(12.44)).toBe('0:12.4');
    expect(formatRangeTime(3)).toBe('0:03.0');
    expect(formatRangeTime(75.96)).toBe('1:16.0');
  });
});
