import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatSpeed,
  formatTimeLeft,
  nextSpeed,
  secondsLeft,
  uploadPercent,
} from './upload-progress';

describe('uploadPercent', () => {
  it('is the whole percent sent', () => {
    expect(uploadPercent({ loaded: 0, total: 200 })).toBe(0);
    expect(uploadPercent({ loaded: 99, total: 200 })).toBe(49);
    expect(uploadPercent({ loaded: 200, total: 200 })).toBe(100);
    expect(uploadPercent({ loaded: 10, total: 0 })).toBe(0);
  });
});

describe('nextSpeed', () => {
  it('starts with the first reading and then smooths', () => {
    const first = nextSpeed(null, { loaded: 0, at: 0 }, { loaded: 1_000_000, at: 1000 });
    expect(first).toBe(1_000_000);
    const second = nextSpeed(
      first,
      { loaded: 1_000_000, at: 1000 },
      { loaded: 4_000_000, at: 2000 },
    );
    expect(second).toBeCloseTo(1_600_000);
  });

  it('ignores readings with no time between them', () => {
    expect(nextSpeed(500, { loaded: 0, at: 10 }, { loaded: 100, at: 10 })).toBe(500);
  });
});

describe('secondsLeft', () => {
  it('divides what is left by the speed', () => {
    expect(secondsLeft({ loaded: 2_000_000, total: 10_000_000, bytesPerSecond: 1_000_000 })).toBe(
      8,
    );
    expect(secondsLeft({ loaded: 0, total: 10, bytesPerSecond: null })).toBeNull();
  });
});

describe('formatting', () => {
  it('formats sizes and speeds', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1_500)).toBe('1.5 KB');
    expect(formatBytes(34_600_000)).toBe('34.6 MB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
    expect(formatBytes(1_200_000_000)).toBe('1.2 GB');
    expect(formatSpeed(2_500_000)).toBe('2.5 MB/s');
  });

  it('formats time left', () => {
    expect(formatTimeLeft(4.2)).toBe('5 s left');
    expect(formatTimeLeft(130)).toBe('2 min 10 s left');
    expect(formatTimeLeft(3900)).toBe('about 1 h 5 min left');
  });
});
