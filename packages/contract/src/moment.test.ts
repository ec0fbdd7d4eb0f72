import { describe, expect, it } from 'vitest';
import { formatMoment, formatWholeSeconds } from './moment';

describe('formatMoment', () => {
  it('writes a moment to the tenth, so one under a second is not "0:00"', () => {
    expect(formatMoment(0.9)).toBe('0:00.9');
    expect(formatMoment(0)).toBe('0:00.0');
    expect(formatMoment(4.35)).toBe('0:04.3');
    expect(formatMoment(65.04)).toBe('1:05.0');
  });

  it('keeps a stored 4.3 (4.29999…) on 4.3 and counts minutes past the hour', () => {
    expect(formatMoment(0.1 + 0.2)).toBe('0:00.3');
    expect(formatMoment(4.3)).toBe('0:04.3');
    expect(formatMoment(3725.55)).toBe('62:05.5');
  });

  it('reads a negative or missing time as the start', () => {
    expect(formatMoment(-2.77555756156e-16)).toBe('0:00.0');
    expect(formatMoment(Number.NaN)).toBe('0:00.0');
  });
});

describe('formatWholeSeconds', () => {
  it('writes a length in whole seconds, rounded down, minutes past the hour', () => {
    expect(formatWholeSeconds(7.9)).toBe('0:07');
    expect(formatWholeSeconds(4503)).toBe('75:03');
    expect(formatWholeSeconds(Number.NaN)).toBe('0:00');
  });
});
