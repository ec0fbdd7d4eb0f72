import { describe, expect, it } from 'vitest';
import { guideCoordinates, keypoint, sampleAt } from './guide-checks';
import { analysePoses } from './index';
import type { PoseScan } from './pose';
import { FRAME, jumpSet, poseSample, squatSet } from './synthetic-athlete';

/** Standing 1 s, arms overhead with the elbows at `elbowAngle` for `seconds`, standing 1 s. */
function reach(elbowAngle: number, seconds: number): PoseScan {
  const samples = Array.from({ length: Math.round((2 + seconds) * 10) + 1 }, (_, i) => {
    const t = i / 10;
    const up = t >= 1 && t <= 1 + seconds;
    return poseSample(t, {
      kneeAngle: 175,
      trunkLean: 10,
      ...(up ? { armRaise: 170, elbowAngle } : {}),
    });
  });
  return { duration: 2 + seconds, ...FRAME, tracks: [{ id: 1, samples }] };
}

describe('arm extension', () => {
  it('reads back the elbow angle of the arms hanging by the sides', () => {
    expect(
      analysePoses(squatSet([{ bottomKneeAngle: 90 }])).athletes[0]!.largestElbowAngle,
    ).toBeCloseTo(165, 0);
  });

  it('reads the elbows of a jump with bent arms, and points at them along upper arm and forearm', () => {
    const scan = jumpSet([
      { airTime: 0.5, landingKneeAngle: 110, arms: { raise: 170, elbowAngle: 130 } },
    ]);
    const analysis = analysePoses(scan);
    const athlete = analysis.athletes[0]!;
    expect(athlete.reaches).toHaveLength(1);
    expect(athlete.reaches[0]!.elbowAngle).toBeCloseTo(130, 0);
    expect(athlete.jumps[0]!.elbowAngle).toBeCloseTo(130, 0);
    expect(analysis.textAnalysis).toMatch(/arms overhead at 130° \(elbows bent\)/);

    const point = analysis.coachingPoints.find((p) => p.type === 'arms')!;
    expect(point.title).toBe('Jump 1: straighten the arms');
    expect(point.description).toMatch(
      /^With the arms overhead the elbows opened to 130° at most\./,
    );
    const sample = sampleAt(scan, point.timestamp);
    const [upperArm, forearm] = point.visualGuides!;
    const shoulder = keypoint(sample, 'left_shoulder');
    const elbow = keypoint(sample, 'left_elbow');
    const wrist = keypoint(sample, 'left_wrist');
    expect([upperArm!.x, upperArm!.y, upperArm!.endX, upperArm!.endY]).toEqual(
      [shoulder.x, shoulder.y, elbow.x, elbow.y].map((v) => expect.closeTo(v, 3)),
    );
    expect([forearm!.endX, forearm!.endY]).toEqual(
      [wrist.x, wrist.y].map((v) => expect.closeTo(v, 3)),
    );
    // Overhead: the wrist above the shoulder.
    expect(forearm!.endY!).toBeLessThan(upperArm!.y);
    for (const value of guideCoordinates(point)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it('says nothing about arms that extended fully', () => {
    const analysis = analysePoses(
      jumpSet([{ airTime: 0.5, landingKneeAngle: 110, arms: { raise: 170, elbowAngle: 175 } }]),
    );
    expect(analysis.athletes[0]!.jumps[0]!.elbowAngle).toBeCloseTo(175, 0);
    expect(analysis.textAnalysis).toMatch(/arms overhead at 175° \(fully extended\)/);
    expect(analysis.coachingPoints.filter((p) => p.type === 'arms')).toEqual([]);
  });

  it('points at an overhead hold with bent elbows, not at a brief reach', () => {
    const held = analysePoses(reach(120, 2));
    expect(held.coachingPoints.map((p) => p.title)).toContain('Reach: straighten the arms');
    expect(held.athletes[0]!.reaches[0]!.elbowAngle).toBeCloseTo(120, 0);

    const brief = analysePoses(reach(120, 0.4));
    expect(brief.athletes[0]!.reaches).toHaveLength(1);
    expect(brief.coachingPoints.filter((p) => p.type === 'arms')).toEqual([]);
  });
});
