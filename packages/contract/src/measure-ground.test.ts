import { describe, expect, it } from 'vitest';
import type { Poses } from './analysis';
import { groundJudge } from './measure-ground';
import { POSE_KEYPOINT_ORDER } from './values';

const picture = { width: 1000, height: 1000 };

/**
 * An athlete at 50 % across whose feet are 80 % down and shins 10 % long (100 px), hopping
 * straight up 15 % of the picture (about 0.6 m at a 0.4 m shin) from 1.0 to 1.5 s.
 */
function hop(): Poses {
  const lift = (t: number) => (t > 1 && t < 1.5 ? 15 : 0);
  const samples = Array.from({ length: 31 }, (_, i) => {
    const t = i / 10;
    const keypoints = POSE_KEYPOINT_ORDER.map(() => [0, 0, 0] as [number, number, number]);
    for (const [side, x] of [
      ['left', 0.48],
      ['right', 0.52],
    ] as const) {
      keypoints[POSE_KEYPOINT_ORDER.indexOf(`${side}_ankle`)] = [x, (80 - lift(t)) / 100, 0.9];
      keypoints[POSE_KEYPOINT_ORDER.indexOf(`${side}_knee`)] = [x, (70 - lift(t)) / 100, 0.9];
    }
    return { t, keypoints };
  });
  return { fps: 10, tracks: [{ id: 1, samples }] };
}

describe('groundJudge', () => {
  const judge = groundJudge(hop(), picture);
  const foot = (t: number) => ({ x: 48, y: t > 1 && t < 1.5 ? 65 : 80 });

  it('finds a foot off the ground through a jump’s flight, and on it before and after', () => {
    expect(judge(foot(0.5), 0.5)).toBe(false);
    expect(judge(foot(1.2), 1.2)).toBe(true);
    expect(judge(foot(1.3), 1.3)).toBe(true);
    expect(judge(foot(2), 2)).toBe(false);
    // A ball rolling beside the athlete, its centre a few centimetres above their ankles.
    expect(judge({ x: 60, y: 79 }, 0.5)).toBe(false);
  });

  it('finds a point at hip height off the ground even while the athlete stands', () => {
    expect(judge({ x: 50, y: 55 }, 0.5)).toBe(true);
  });

  it('cannot tell far to the side of the athlete, nor where the scan saw nobody', () => {
    expect(judge({ x: 95, y: 60 }, 0.5)).toBeNull();
    expect(judge(foot(0.5), 9)).toBeNull();
    expect(groundJudge({ fps: 10, tracks: [] }, picture)(foot(0.5), 0.5)).toBeNull();
  });
});
