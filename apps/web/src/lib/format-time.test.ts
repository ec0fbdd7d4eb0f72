import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDuration,
  formatPointTimestamp,
  formatTimelineLabel,
  formatTimeSpan,
} from './format-time';

describe('formatTimelineLabel', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [65, '1:05'],
    [600, '10:00'],
    [4503, '75:03'],
    [-3, '0:00'],
    [Number.NaN, '0:00'],
  ])('%d s reads %s', (seconds, label) => {
    expect(formatTimelineLabel(seconds)).toBe(label);
  });
});

describe('formatDuration', () => {
  it.each([
    [13, '0:13'],
    [12.6, '0:13'],
    [245, '4:05'],
    [3600, '1:00:00'],
    [3729, '1:02:09'],
  ])('%d s reads %s', (seconds, label) => {
    expect(formatDuration(seconds)).toBe(label);
  });
});

describe('formatPointTimestamp', () => {
  it('shows one decimal and the suffix s', () => {
    expect(formatPointTimestamp(12)).toBe('12.0s');
    expect(formatPointTimestamp(3.456)).toBe('3.4s');
    // Cut to the tenth as the reading's text writes the moment (0:04.3), never rounded up.
    expect(formatPointTimestamp(4.36)).toBe('4.3s');
    expect(formatPointTimestamp(4.3)).toBe('4.3s');
  });
});

describe('formatClockTime', () => {
  it.each([
    [0, '00:00:00'],
    [3.9, '00:00:03'],
    [65, '00:01:05'],
    [3729, '01:02:09'],
    [-1, '00:00:00'],
    [Number.NaN, '00:00:00'],
  ])('%d s reads %s', (seconds, label) => {
    expect(formatClockTime(seconds)).toBe(label);
  });
});

describe('formatTimeSpan', () => {
  it('names a range as the timeline does', () => {
    expect(formatTimeSpan({ start: 725.4, end: 870 })).toBe('12:05–14:30');
  });
});
