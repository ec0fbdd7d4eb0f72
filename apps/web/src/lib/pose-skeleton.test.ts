import { POSE_KEYPOINT_ORDER } from '@filmroom/contract';
import type { Poses } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import {
  nearestSample,
  POSE_LIMBS,
  poseFrameAt,
  samePoseFrame,
  skeletonShapes,
} from './pose-skeleton';
import type { PoseSample } from './pose-skeleton';

/** A pose with every keypoint at (0.5, 0.5) and the given score, unless overridden by name. */
function sample(
  t: number,
  score = 0.9,
  overrides: Partial<Record<(typeof POSE_KEYPOINT_ORDER)[number], [number, number, number]>> = {},
): PoseSample {
  return {
    t,
    keypoints: POSE_KEYPOINT_ORDER.map((name) => overrides[name] ?? [0.5, 0.5, score]),
  };
}

const samplesAt = (...times: number[]) => times.map((t) => sample(t));

describe('POSE_LIMBS', () => {
  it('joins the 17 COCO keypoints with the 19 limbs of the COCO skeleton', () => {
    expect(POSE_LIMBS).toHaveLength(19);
    const used = new Set(POSE_LIMBS.flat());
    expect([...used].sort((a, b) => a - b)).toEqual(POSE_KEYPOINT_ORDER.map((_, index) => index));
    expect(POSE_LIMBS).toContainEqual([
      POSE_KEYPOINT_ORDER.indexOf('left_knee'),
      POSE_KEYPOINT_ORDER.indexOf('left_hip'),
    ]);
  });
});

describe('nearestSample', () => {
  const samples = samplesAt(0, 0.2, 0.4, 1.4);

  it('picks the sample nearest the time', () => {
    expect(nearestSample(samples, 0.26, 0.2)?.t).toBe(0.2);
    expect(nearestSample(samples, 0.31, 0.2)?.t).toBe(0.4);
    expect(nearestSample(samples, 0, 0.2)?.t).toBe(0);
    expect(nearestSample(samples, 1.5, 0.2)?.t).toBe(1.4);
  });

  it('draws nothing further than one scan frame from any sample', () => {
    // 0.9 s is 0.5 s from both neighbours: the athlete was not measured there.
    expect(nearestSample(samples, 0.9, 0.2)).toBeNull();
    expect(nearestSample(samples, 1.61, 0.2)).toBeNull();
    // Exactly one frame away still counts.
    expect(nearestSample(samples, 0.6, 0.2)?.t).toBe(0.4);
    expect(nearestSample([], 0, 0.2)).toBeNull();
  });
});

describe('poseFrameAt', () => {
  const poses: Poses = {
    fps: 5,
    tracks: [
      { id: 1, samples: samplesAt(0, 0.2, 0.4, 0.6) },
      { id: 2, samples: samplesAt(0.4, 0.6, 0.8) },
    ],
  };

  it("takes each track's nearest sample within 1 / fps", () => {
    expect(poseFrameAt(poses, 0.05).map((entry) => [entry.trackId, entry.sample.t])).toEqual([
      [1, 0],
    ]);
    expect(poseFrameAt(poses, 0.5).map((entry) => [entry.trackId, entry.sample.t])).toEqual([
      [1, 0.4],
      [2, 0.4],
    ]);
    expect(poseFrameAt(poses, 1).map((entry) => [entry.trackId, entry.sample.t])).toEqual([
      [2, 0.8],
    ]);
    expect(poseFrameAt(poses, 3)).toEqual([]);
  });

  it('tells when a later time draws the same samples', () => {
    expect(samePoseFrame(poseFrameAt(poses, 0.41), poseFrameAt(poses, 0.49))).toBe(true);
    expect(samePoseFrame(poseFrameAt(poses, 0.41), poseFrameAt(poses, 0.51))).toBe(false);
    expect(samePoseFrame(poseFrameAt(poses, 0.05), poseFrameAt(poses, 0.5))).toBe(false);
  });
});

describe('skeletonShapes', () => {
  // A portrait picture pillarboxed in a 1600 x 900 frame.
  const picture = { x: 546.875, y: 0, width: 506.25, height: 900 };

  it('places keypoints in the picture rect and joins confident ones with limbs', () => {
    const [skeleton] = skeletonShapes(
      [{ trackId: 7, sample: sample(0, 0.9, { left_knee: [0, 1, 0.9], left_hip: [1, 0, 0.9] }) }],
      picture,
    );
    expect(skeleton?.trackId).toBe(7);
    expect(skeleton?.limbs).toHaveLength(19);
    expect(skeleton?.joints).toHaveLength(17);
    const thigh = skeleton?.limbs.find(
      (limb) => limb.from.x === picture.x && limb.to.x === picture.x + picture.width,
    );
    expect(thigh).toEqual({
      from: { x: 546.875, y: 900 },
      to: { x: 1053.125, y: 0 },
      side: 'left',
    });
    expect(skeleton?.joints[0]).toEqual({ x: 800, y: 450, side: 'centre' });
  });

  it('leaves out keypoints scored under 0.3 and every limb that touches them', () => {
    const [skeleton] = skeletonShapes(
      [
        {
          trackId: 1,
          sample: sample(0, 0.9, { left_wrist: [0.2, 0.2, 0.29], right_wrist: [0.8, 0.2, 0.3] }),
        },
      ],
      picture,
    );
    expect(skeleton?.joints).toHaveLength(16);
    // The left forearm goes; the right one (exactly 0.3) stays.
    expect(skeleton?.limbs).toHaveLength(18);
    expect(skeleton?.limbs.filter((limb) => limb.side === 'right')).toHaveLength(7);
    expect(skeleton?.limbs.filter((limb) => limb.side === 'left')).toHaveLength(6);
  });

  it('draws nothing for a pose the model was unsure of throughout', () => {
    expect(skeletonShapes([{ trackId: 1, sample: sample(0, 0.1) }], picture)).toEqual([
      { trackId: 1, limbs: [], joints: [] },
    ]);
  });
});
