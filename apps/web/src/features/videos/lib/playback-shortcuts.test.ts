import { describe, expect, it } from 'vitest';
import { FRAME_STEP_S, playbackActionFor, seekTarget } from './playback-shortcuts';

describe('playbackActionFor', () => {
  it('maps the shortcuts', () => {
    expect(playbackActionFor({ key: ' ' }, false)).toEqual({ type: 'toggle-play' });
    expect(playbackActionFor({ key: 'ArrowLeft' }, false)).toEqual({
      type: 'seek-by',
      seconds: -5,
    });
    expect(playbackActionFor({ key: 'ArrowRight' }, true)).toEqual({ type: 'seek-by', seconds: 5 });
    expect(playbackActionFor({ key: 'j' }, false)).toEqual({ type: 'seek-by', seconds: -10 });
    expect(playbackActionFor({ key: 'K' }, false)).toEqual({ type: 'pause' });
    expect(playbackActionFor({ key: 'l' }, false)).toEqual({ type: 'seek-by', seconds: 10 });
    expect(playbackActionFor({ key: '?' }, false)).toEqual({ type: 'show-help' });
    expect(playbackActionFor({ key: 'f' }, true)).toEqual({ type: 'toggle-fullscreen' });
    expect(playbackActionFor({ key: 'W' }, false)).toEqual({ type: 'toggle-theatre' });
  });

  it('marks a range and loops it', () => {
    expect(playbackActionFor({ key: 'i' }, false)).toEqual({ type: 'mark-in' });
    expect(playbackActionFor({ key: 'O' }, true)).toEqual({ type: 'mark-out' });
    expect(playbackActionFor({ key: 'r' }, false)).toEqual({ type: 'toggle-loop' });
    expect(playbackActionFor({ key: 'i', ctrlKey: true }, false)).toBeNull();
  });

  it('steps one frame only while paused', () => {
    expect(playbackActionFor({ key: '.' }, true)).toEqual({
      type: 'seek-by',
      seconds: FRAME_STEP_S,
    });
    expect(playbackActionFor({ key: ',' }, true)).toEqual({
      type: 'seek-by',
      seconds: -FRAME_STEP_S,
    });
    expect(playbackActionFor({ key: '.' }, false)).toBeNull();
    expect(FRAME_STEP_S).toBeCloseTo(1 / 30);
  });

  it('leaves modified and other keys to the browser', () => {
    expect(playbackActionFor({ key: 'ArrowLeft', ctrlKey: true }, false)).toBeNull();
    expect(playbackActionFor({ key: 'l', metaKey: true }, false)).toBeNull();
    // Find in page and close the tab stay the browser's.
    expect(playbackActionFor({ key: 'f', ctrlKey: true }, false)).toBeNull();
    expect(playbackActionFor({ key: 'w', metaKey: true }, false)).toBeNull();
    expect(playbackActionFor({ key: 'Tab' }, false)).toBeNull();
  });
});

describe('seekTarget', () => {
  it('stays between the start and the end', () => {
    expect(seekTarget(3, -5, 20)).toBe(0);
    expect(seekTarget(18, 5, 20)).toBe(20);
    expect(seekTarget(10, 5, 20)).toBe(15);
    expect(seekTarget(10, 5, Number.NaN)).toBe(15);
  });
});
