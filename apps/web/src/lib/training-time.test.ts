import { describe, expect, it } from 'vitest';
import { shortTrainingTime } from './training-time';

const videos = (...durations: (number | null)[]) => durations.map((duration) => ({ duration }));

describe('shortTrainingTime', () => {
  it.each([
    [videos(13, 25), '38 s of video'],
    [videos(0.4), '1 s of video'],
    [videos(59.4), '59 s of video'],
    [videos(60), '1 min of video'],
    [videos(300, 420), '12 min of video'],
    [videos(null, 90), '2 min of video'],
  ])('under an hour (%j) reads %s', (list, text) => {
    expect(shortTrainingTime(list)).toBe(text);
  });

  it('says nothing from an hour on, nor with no video yet', () => {
    expect(shortTrainingTime(videos(3600))).toBeNull();
    expect(shortTrainingTime(videos(3000, 1800))).toBeNull();
    expect(shortTrainingTime(videos())).toBeNull();
    expect(shortTrainingTime(videos(null))).toBeNull();
  });
});
