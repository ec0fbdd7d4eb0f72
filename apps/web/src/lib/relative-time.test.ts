import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'less than a minute ago'],
    [29 * S, 'less than a minute ago'],
    [30 * S, 'a minute ago'],
    [89 * S, 'a minute ago'],
    [90 * S, '2 minutes ago'],
    [44 * M, '44 minutes ago'],
    [45 * M, 'about an hour ago'],
    [60 * M, 'about an hour ago'],
    [89 * M, 'about an hour ago'],
    [90 * M, 'about 2 hours ago'],
    [23 * H, 'about 23 hours ago'],
    [24 * H, 'a day ago'],
    [41 * H, 'a day ago'],
    [42 * H, '2 days ago'],
    [29 * D, '29 days ago'],
    [30 * D, 'about a month ago'],
    [50 * D, 'about 2 months ago'],
    [100 * D, '3 months ago'],
    [364 * D, '12 months ago'],
    [366 * D, 'about a year ago'],
    [365 * D + 150 * D, 'over a year ago'],
    [365 * D + 300 * D, 'almost 2 years ago'],
    [3 * 365 * D + 10 * D, 'about 3 years ago'],
  ])('%d ms earlier reads "%s"', (ms, expected) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(expected);
  });

  it('reads ISO strings as the API sends them', () => {
    expect(formatRelativeTime('2025-06-15T11:00:00Z', now)).toBe('about an hour ago');
  });

  it('treats a server clock slightly ahead as just now', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 20 * S), now)).toBe(
      'less than a minute ago',
    );
  });

  it('says "in" for a real future moment', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 2 * H), now)).toBe('in about 2 hours');
  });

  it('gives nothing for a date it cannot read', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
