import { describe, expect, it } from 'vitest';
import { guideCoordinates, keypoint, sampleAt } from './guide-checks';
import { analysePoses } from './index';
import { holdSet, squatSet } from './synthetic-athlete';

describe('stillness', () => {
  it('measures a steady hold: how long, and how little the hips swayed', () => {
    // One whole sway cycle: the hips go 1 % of body length either side.
    const analysis = analysePoses(holdSet({ seconds: 5, sway: 0.01 }));
    const still = analysis.athletes[0]!.longestStill!;
    // The hold runs from 1 s to 6 s; walking in and out is not still.
    expect(still.start).toBeCloseTo(1, 0);
    expect(still.end).toBeCloseTo(6, 0);
    expect(still.seconds).toBeGreaterThan(4.5);
    expect(still.seconds).toBeLessThan(5.2);
    expect(still.sway).toBeGreaterThan(0.007);
    expect(still.sway).toBeLessThan(0.013);
    expect(analysis.coachingPoints.filter((p) => p.type === 'balance')).toEqual([]);
    expect(analysis.textAnalysis).toMatch(
      /\| Longest still period \| 4\.\d s, hip sway 1\.\d % of body length \|/,
    );
  });

  it('points at a hold that wobbles, with a highlight on the hips', () => {
    const scan = holdSet({ seconds: 5, sway: 0.07 });
    const analysis = analysePoses(scan);
    const still = analysis.athletes[0]!.longestStill!;
    expect(still.seconds).toBeGreaterThan(4.5);
    expect(still.sway).toBeGreaterThan(0.06);
    expect(still.sway).toBeLessThan(0.075);
    const point = analysis.coachingPoints.find((p) => p.title === 'Steady the hold')!;
    expect(point.type).toBe('balance');
    expect(point.description).toMatch(
      /^Held still for 4\.\d s, but the hips swayed (6\.\d|7\.0) % of body length/,
    );
    const sample = sampleAt(scan, point.timestamp);
    const left = keypoint(sample, 'left_hip');
    const right = keypoint(sample, 'right_hip');
    expect(point.visualGuides).toEqual([
      expect.objectContaining({
        type: 'highlight',
        x: expect.closeTo((left.x + right.x) / 2, 3),
        y: expect.closeTo((left.y + right.y) / 2, 3),
      }),
    ]);
    for (const value of guideCoordinates(point)) expect(value).toBeLessThanOrEqual(1);
  });

  it('does not take a slow, shallow squat for a wobbly hold', () => {
    const analysis = analysePoses(
      squatSet([
        { bottomKneeAngle: 120, seconds: 5 },
        { bottomKneeAngle: 120, seconds: 5 },
      ]),
    );
    const { repetitions, longestStill } = analysis.athletes[0]!;
    expect(repetitions).toHaveLength(2);
    // Near the top of a slow rep the hips barely move; the rep itself is not still.
    for (const rep of repetitions) {
      expect(longestStill!.end < rep.start || longestStill!.start > rep.end).toBe(true);
    }
    expect(analysis.coachingPoints.filter((p) => p.type === 'balance')).toEqual([]);
  });
});
