import { describe, expect, it } from 'vitest';
import { clampRange, rangeAroundMoment } from './clip-range';

describe('clip ranges', () => {
  it('takes two seconds either side of a coaching point', () => {
    expect(rangeAroundMoment(5, 10)).toEqual({ start: 3, end: 7 });
  });

  it('holds the range inside the video', () => {
    expect(rangeAroundMoment(0.5, 10)).toEqual({ start: 0, end: 2.5 });
    expect(rangeAroundMoment(9.2, 10)).toEqual({ start: 7.2, end: 10 });
    expect(clampRange({ start: 12, end: 14 }, 10)).toEqual({ start: 10, end: 10 });
    expect(clampRange({ start: 1.234, end: 3.456 }, null)).toEqual({ start: 1.23, end: 3.46 });
  });
});
