import { describe, expect, it } from 'vitest';
import { squatSet } from '../../testing/synthetic-athlete';
import { athleteFrom } from './athlete';
import { squareToCamera } from './view';

describe('squareToCamera', () => {
  const scan = squatSet([{ bottomKneeAngle: 90 }]);

  it('sees a side-on athlete as side-on: the bend of the knees reads true', () => {
    expect(squareToCamera(athleteFrom(scan.tracks[0]!, scan)!, 2)).toBe(false);
  });

  it('sees the chest turned to the camera when the shoulders look as wide as the trunk is long', () => {
    for (const sample of scan.tracks[0]!.samples) {
      // The synthetic trunk is 300 px in a 720 px-wide frame: spread the shoulders to 300 px.
      sample.keypoints.find((k) => k.name === 'left_shoulder')!.x -= 120 / 720;
      sample.keypoints.find((k) => k.name === 'right_shoulder')!.x += 120 / 720;
    }
    expect(squareToCamera(athleteFrom(scan.tracks[0]!, scan)!, 2)).toBe(true);
  });

  it('does not guess when the shoulders are not seen around that moment', () => {
    expect(squareToCamera(athleteFrom(scan.tracks[0]!, scan)!, 99)).toBeUndefined();
  });
});
