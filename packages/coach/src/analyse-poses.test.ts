import { describe, expect, it } from 'vitest';
import { analysePoses } from './index';
import { FRAME, poseSample, squatSet } from './synthetic-athlete';

describe('analysePoses on a squat set', () => {
  const scan = squatSet([
    { bottomKneeAngle: 85 },
    { bottomKneeAngle: 118 },
    { bottomKneeAngle: 88, bottomTrunkLean: 55 },
  ]);
  const analysis = analysePoses(scan);
  const athlete = analysis.athletes[0]!;

  it('counts the repetitions and finds each bottom', () => {
    expect(athlete.repetitions).toHaveLength(3);
    const bottoms = athlete.repetitions.map((rep) => rep.bottom);
    [2, 5, 8].forEach((expected, index) => expect(bottoms[index]).toBeCloseTo(expected, 0));
  });

  it('reads back the knee angle at the bottom of every rep', () => {
    const angles = athlete.repetitions.map((rep) => rep.kneeAngleAtBottom!);
    expect(angles[0]).toBeGreaterThan(80);
    expect(angles[0]).toBeLessThan(92);
    expect(angles[1]).toBeGreaterThan(112);
    expect(angles[1]).toBeLessThan(124);
    expect(athlete.deepestKneeAngle).toBeLessThan(90);
  });

  it('points at the shallow rep with its measured angle and lines along the leg', () => {
    const point = analysis.coachingPoints.find((p) => p.title === 'Rep 2: sit deeper');
    expect(point).toBeDefined();
    expect(point!.timestamp).toBeCloseTo(5, 0);
    expect(point!.type).toBe('technique');
    expect(point!.description).toMatch(/Knee angle at the bottom was 1[12]\d°/);

    // The thigh line starts at the athlete's hip at that moment.
    const bottom = poseSample(point!.timestamp, { kneeAngle: 118, trunkLean: 30 });
    const hip = bottom.keypoints.find((k) => k.name === 'left_hip')!;
    const thigh = point!.visualGuides!.find((g) => g.type === 'line')!;
    expect(thigh.x).toBeCloseTo(hip.x, 1);
    expect(thigh.y).toBeCloseTo(hip.y, 1);
    for (const guide of point!.visualGuides!) {
      for (const value of [guide.x, guide.y, guide.endX ?? 0, guide.endY ?? 0]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    }
  });

  it('praises the deepest rep and flags the leaning one', () => {
    expect(analysis.coachingPoints.map((p) => p.title)).toEqual(
      expect.arrayContaining(['Rep 1: full depth', 'Rep 3: chest up']),
    );
    const lean = analysis.coachingPoints.find((p) => p.title === 'Rep 3: chest up')!;
    expect(lean.description).toMatch(/leaned 5\d° from vertical/);
    expect(lean.type).toBe('posture');
  });

  it('writes a markdown analysis with a metrics table and the reps, and overall feedback', () => {
    expect(analysis.textAnalysis).toMatch(/^## Summary/);
    expect(analysis.textAnalysis).toContain('completed **3 repetitions**');
    expect(analysis.textAnalysis).toContain('| Repetitions | 3 |');
    expect(analysis.textAnalysis).toMatch(/\*\*Rep 2\*\*/);
    expect(analysis.overallFeedback).toMatch(
      /^3 reps measured\. 1 of 3 reps stopped short of parallel/,
    );
  });

  it('is deterministic', () => {
    expect(analysePoses(scan)).toEqual(analysis);
  });
});

describe('analysePoses elsewhere', () => {
  it('flags uneven knees with a highlight on the knee that bent more', () => {
    const analysis = analysePoses(
      squatSet([
        { bottomKneeAngle: 90, rightKneeOffset: -20 },
        { bottomKneeAngle: 90, rightKneeOffset: -20 },
      ]),
    );
    const point = analysis.coachingPoints.find((p) => p.title === 'Uneven knees')!;
    expect(point.description).toMatch(/differed by (1[89]|2\d)°.*the right bent more/);
    expect(point.visualGuides).toEqual([expect.objectContaining({ type: 'highlight' })]);
  });

  it('flags an uneven tempo', () => {
    const analysis = analysePoses(
      squatSet([
        { bottomKneeAngle: 90, seconds: 2 },
        { bottomKneeAngle: 90, seconds: 4 },
        { bottomKneeAngle: 90, seconds: 2 },
      ]),
    );
    expect(analysis.coachingPoints.map((p) => p.title)).toContain('Keep an even tempo');
  });

  it('says plainly when nobody could be measured', () => {
    const analysis = analysePoses({ duration: 12, ...FRAME, tracks: [] });
    expect(analysis.coachingPoints).toEqual([]);
    expect(analysis.overallFeedback).toBeNull();
    expect(analysis.textAnalysis).toMatch(/No athlete was seen clearly enough/);
  });

  it('counts a last rep that the clip cuts off on the way up, without its tempo', () => {
    const scan = squatSet([{ bottomKneeAngle: 90 }, { bottomKneeAngle: 90 }]);
    // End the clip 0.6 s into the second rep's rise (its bottom is at 5.0 s).
    const track = scan.tracks[0]!;
    track.samples = track.samples.filter((sample) => sample.t <= 5.6);
    const athlete = analysePoses({ ...scan, duration: 5.6 }).athletes[0]!;
    expect(athlete.repetitions.map((rep) => rep.cutOff)).toEqual([false, true]);
    expect(athlete.tempoVariation).toBeUndefined();
  });

  it('counts no repetitions for an athlete standing still', () => {
    const samples = Array.from({ length: 50 }, (_, i) =>
      poseSample(i / 10, { kneeAngle: 175, trunkLean: 5 }),
    );
    const analysis = analysePoses({ duration: 5, ...FRAME, tracks: [{ id: 1, samples }] });
    expect(analysis.athletes[0]!.repetitions).toEqual([]);
    expect(analysis.textAnalysis).toContain('no repeated up-and-down movement was found');
  });
});
