import { describe, expect, it } from 'vitest';
import { formatDuration, formatStorage } from './format';

describe('formatStorage', () => {
  it.each([
    [0, '0 bytes'],
    [999, '999 bytes'],
    [12_300, '12 kB'],
    [3_450_000_000, '3.5 GB'],
  ])('%d is %s', (bytes, text) => expect(formatStorage(bytes)).toBe(text));
});

describe('formatDuration', () => {
  it.each([
    [42.9, '42 s'],
    [185, '3 m 05 s'],
    [7800, '2 h 10 m'],
  ])('%d s is %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});
