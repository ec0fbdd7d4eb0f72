import { describe, expect, it } from 'vitest';
import { exportSource, rangeLabel, toggleOverlay } from './export-choices';

describe('exportSource', () => {
  it('sends the marked range only when it is chosen and marked', () => {
    const marked = { start: 2.5, end: 7 };
    expect(exportSource('v', 'marked', marked)).toEqual({
      kind: 'video',
      videoId: 'v',
      start: 2.5,
      end: 7,
    });
    expect(exportSource('v', 'whole', marked)).toEqual({ kind: 'video', videoId: 'v' });
    expect(exportSource('v', 'marked', null)).toEqual({ kind: 'video', videoId: 'v' });
  });
});

describe('toggleOverlay', () => {
  it('keeps the contract order and lists each overlay once', () => {
    expect(toggleOverlay(['captions'], 'drawings', true)).toEqual(['drawings', 'captions']);
    expect(toggleOverlay(['drawings', 'captions'], 'drawings', true)).toEqual([
      'drawings',
      'captions',
    ]);
    expect(toggleOverlay(['drawings', 'captions'], 'drawings', false)).toEqual(['captions']);
  });
});

describe('rangeLabel', () => {
  it('reads as a span of the video', () => {
    expect(rangeLabel({ start: 5, end: 72.25 })).toBe('5.0s – 72.3s');
  });
});
