import { describe, expect, it } from 'vitest';
import { exportSource, rangeLabel, toggleOverlay } from './export-choices';

describe('exportSource', () => {
  const video = { kind: 'video', videoId: 'v', markedRange: () => null } as const;

  it('sends the marked range only when it is chosen and marked', () => {
    const marked = { start: 2.5, end: 7 };
    expect(exportSource(video, 'marked', marked)).toEqual({
      kind: 'video',
      videoId: 'v',
      start: 2.5,
      end: 7,
    });
    expect(exportSource(video, 'whole', marked)).toEqual({ kind: 'video', videoId: 'v' });
    expect(exportSource(video, 'marked', null)).toEqual({ kind: 'video', videoId: 'v' });
  });

  it('sends a clip or a playlist whole, whatever range the form last held', () => {
    const marked = { start: 1, end: 2 };
    expect(exportSource({ kind: 'clip', clipId: 'c' }, 'marked', marked)).toEqual({
      kind: 'clip',
      clipId: 'c',
    });
    expect(exportSource({ kind: 'playlist', playlistId: 'p' }, 'marked', marked)).toEqual({
      kind: 'playlist',
      playlistId: 'p',
    });
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
    expect(rangeLabel({ start: 5, end: 72.25 })).toBe('5.0s – 72.2s');
  });
});
