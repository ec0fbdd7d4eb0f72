import type { Poses } from './analysis';
import { describe, expect, it } from 'vitest';
import { angleSeries, jointTrack, mainTrack, sampleNear } from './measure-series';

/** 17 keypoints, all seen, with the left hip, knee and ankle placed (fractions of the frame). */
function keypoints(hip: [number, number], knee: [number, number], ankle: [number, number]) {
  const all: [number, number, number][] = Array.from({ length: 17 }, () => [0.5, 0.5, 0.9]);
  all[11] = [...hip, 0.9];
  all[12] = [hip[0] + 0.02, hip[1], 0.9];
  all[13] = [...knee, 0.9];
  all[15] = [...ankle, 0.9];
  return all;
}

const square: PictureSize = { width: 1000, height: 1000 };
type PictureSize = { width: number; height: number };

const poses: Poses = {
  fps: 5,
  tracks: [
    { id: 1, samples: [{ t: 0, keypoints: keypoints([0.5, 0.2], [0.5, 0.5], [0.5, 0.8]) }] },
    {
      id: 2,
      samples: [
        // Standing: a straight knee.
        { t: 0, keypoints: keypoints([0.5, 0.2], [0.5, 0.5], [0.5, 0.8]) },
        // Squatting: thigh level, shin upright — a right angle at the knee.
        { t: 0.2, keypoints: keypoints([0.2, 0.5], [0.5, 0.5], [0.5, 0.8]) },
        {
          t: 0.4,
          keypoints: keypoints([0.2, 0.5], [0.5, 0.5], [0.5, 0.8]).map(([x, y]) => [x, y, 0.1]),
        },
      ],
    },
  ],
};

describe('joint series from the scan', () => {
  it('follows the person the scan saw longest', () => {
    expect(mainTrack(poses)?.id).toBe(2);
  });

  it('reads the knee angle through time and skips moments the scan was unsure of', () => {
    expect(angleSeries(poses, ['left_hip', 'left_knee', 'left_ankle'], square)).toEqual([
      { t: 0, degrees: 180 },
      { t: 0.2, degrees: 90 },
    ]);
  });

  it('puts the body centre between the hips, in percent of the picture', () => {
    const path = jointTrack(poses, 'body_centre');
    expect(path).toHaveLength(2);
    expect(path[0]!.x).toBeCloseTo(51);
    expect(path[0]!.y).toBeCloseTo(20);
  });

  it('finds the sample nearest a moment, within a tolerance', () => {
    const samples = [{ t: 0 }, { t: 0.2 }, { t: 0.4 }];
    expect(sampleNear(samples, 0.27, 0.1)).toEqual({ t: 0.2 });
    expect(sampleNear(samples, 0.9, 0.1)).toBeNull();
  });
});
