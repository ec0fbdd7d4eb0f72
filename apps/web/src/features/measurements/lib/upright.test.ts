import type { Poses } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { bendAt, UPRIGHT_MIN_DEGREES } from './upright';

const SQUARE = { width: 1000, height: 1000 };

/**
 * A side-on body (fractions of the frame): shoulders above the hips, the knees bent by
 * `kneeBend` degrees from straight (the thigh tilts forward, the shin stays upright).
 */
function body(kneeBend: number): [number, number, number][] {
  const all: [number, number, number][] = Array.from({ length: 17 }, () => [0.5, 0.1, 0.9]);
  const knee = [0.5, 0.6];
  const thigh = 0.25;
  const radians = (kneeBend * Math.PI) / 180;
  const hip = [knee[0]! - thigh * Math.sin(radians), knee[1]! - thigh * Math.cos(radians)];
  for (const side of [0, 1]) {
    all[5 + side] = [hip[0]!, hip[1]! - 0.3, 0.9]; // shoulder straight above the hip
    all[11 + side] = [hip[0]!, hip[1]!, 0.9];
    all[13 + side] = [knee[0]!, knee[1]!, 0.9];
    all[15 + side] = [0.5, 0.9, 0.9];
  }
  return all;
}

const poses: Poses = {
  fps: 5,
  tracks: [
    {
      id: 1,
      samples: [
        { t: 0, keypoints: body(0) },
        { t: 0.2, keypoints: body(10) },
        { t: 0.4, keypoints: body(40) },
        { t: 0.6, keypoints: body(90) },
      ],
    },
  ],
};

describe('bendAt', () => {
  it('finds a standing body upright, and one with its knees slightly bent too', () => {
    expect(bendAt(poses, 0, SQUARE)).toBeNull();
    expect(bendAt(poses, 0.2, SQUARE)).toBeNull();
  });

  it('names the most bent joint below the upright limit', () => {
    // Knees bent 40°: the knee reads 140°, the hip (trunk upright, thigh forward) 140° too.
    const bend = bendAt(poses, 0.4, SQUARE);
    expect(bend?.degrees).toBe(140);
    expect(bend!.degrees).toBeLessThan(UPRIGHT_MIN_DEGREES);
    expect(bendAt(poses, 0.6, SQUARE)?.degrees).toBe(90);
  });

  it('says nothing where the scan has no pose near the frame', () => {
    expect(bendAt(poses, 3, SQUARE)).toBeNull();
  });
});
