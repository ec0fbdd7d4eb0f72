import { describe, expect, it } from 'vitest';
import { jointNearIn } from './joint-near';

const picture = { width: 720, height: 1280 };

/** A person with only the knees measured (left at 40%/60%, right at 60%/60%). */
function person(score = 0.9) {
  const keypoints: [number, number, number][] = Array.from({ length: 17 }, () => [0, 0, 0]);
  keypoints[13] = [0.4, 0.6, score];
  keypoints[14] = [0.6, 0.6, score];
  return keypoints;
}

describe('jointNearIn', () => {
  it('names the joint a vertex sits on, the nearest when two are in reach', () => {
    expect(jointNearIn([person()])({ x: 41, y: 61 }, picture)).toBe('left knee');
    expect(jointNearIn([person()])({ x: 58, y: 60 }, picture)).toBe('right knee');
  });

  it('names none out of reach, nor a keypoint the scan was unsure of', () => {
    expect(jointNearIn([person()])({ x: 50, y: 30 }, picture)).toBeNull();
    expect(jointNearIn([person(0.1)])({ x: 40, y: 60 }, picture)).toBeNull();
    expect(jointNearIn([])({ x: 40, y: 60 }, picture)).toBeNull();
  });
});
