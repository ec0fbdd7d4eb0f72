import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAYBACK_SPEED,
  PLAYBACK_SPEEDS,
  speedLabel,
  toPlaybackSpeed,
} from './playback-speed';

describe('playback speed', () => {
  it('offers 0.1 to 2, starting at 1', () => {
    expect(PLAYBACK_SPEEDS).toEqual([0.1, 0.25, 0.5, 0.75, 1, 1.5, 2]);
    expect(DEFAULT_PLAYBACK_SPEED).toBe(1);
  });

  it('labels each like "1x Speed"', () => {
    expect(PLAYBACK_SPEEDS.map(speedLabel)).toEqual([
      '0.1x Speed',
      '0.25x Speed',
      '0.5x Speed',
      '0.75x Speed',
      '1x Speed',
      '1.5x Speed',
      '2x Speed',
    ]);
  });

  it('reads a chosen value and refuses others', () => {
    expect(toPlaybackSpeed('0.5')).toBe(0.5);
    expect(toPlaybackSpeed('2')).toBe(2);
    expect(toPlaybackSpeed('3')).toBe(1);
  });
});
