import { describe, expect, it } from 'vitest';
import { bodySeries } from './body-series';
import { guideCoordinates, guidesOffTheAthlete, keypoint, sampleAt } from './guide-checks';
import { analysePoses } from './index';
import { findJumps } from './jumps';
import { BODY_LENGTH, flightLift, jumpSet, squatSet } from './synthetic-athlete';

const riseOf = (airTime: number) => flightLift(airTime) / BODY_LENGTH;

describe('jumps', () => {
  const scan = jumpSet([
    { airTime: 0.5, landingKneeAngle: 110 },
    { airTime: 0.4, landingKneeAngle: 165 },
  ]);
  const analysis = analysePoses(scan);
  const athlete = analysis.athletes[0]!;

  it('finds each jump with its air time and hip rise, and no squat in the loading dips', () => {
    expect(athlete.jumps).toHaveLength(2);
    expect(athlete.repetitions).toEqual([]);
    const [first, second] = athlete.jumps;
    // Take-off after 1 s standing and a 0.6 s dip; the second after landing, recovery, 1 s standing.
    expect(first!.takeOff).toBeCloseTo(1.6, 1);
    expect(second!.takeOff).toBeCloseTo(1.6 + 0.5 + 0.9 + 1.6, 1);
    expect(first!.airTime).toBeGreaterThan(0.45);
    expect(first!.airTime).toBeLessThan(0.52);
    expect(second!.airTime).toBeGreaterThan(0.35);
    expect(second!.airTime).toBeLessThan(0.42);
    expect(first!.airTimeFrom).toBe('ankles');
    expect(first!.hipRise).toBeCloseTo(riseOf(0.5), 2);
    expect(second!.hipRise).toBeCloseTo(riseOf(0.4), 2);
    // The jump spans its loading dip and its landing.
    expect(first!.start).toBeLessThan(first!.takeOff - 0.3);
    expect(first!.end).toBeGreaterThan(first!.landing + 0.3);
  });

  it('reads the knee angle at landing', () => {
    expect(athlete.jumps[0]!.landingKneeAngle).toBeCloseTo(110, 0);
    expect(athlete.jumps[1]!.landingKneeAngle).toBeCloseTo(165, 0);
  });

  it('takes the highest jump as the model, with an arrow up from the hips and the legs drawn', () => {
    const model = analysis.coachingPoints.find((p) => p.title === 'Jump 1: highest jump')!;
    expect(model).toBeDefined();
    expect(model.type).toBe('jump');
    expect(model.timestamp).toBeCloseTo(1.6, 1);
    expect(model.description).toContain(
      `rose ${riseOf(0.5).toFixed(2)} body lengths (${Math.round(riseOf(0.5) * 100)} % of body length)`,
    );
    const arrow = model.visualGuides!.find((g) => g.type === 'arrow')!;
    const sample = sampleAt(scan, model.timestamp);
    const hip = keypoint(sample, 'left_hip');
    expect(arrow.x).toBeCloseTo(hip.x, 1);
    expect(arrow.y).toBeCloseTo(hip.y, 2);
    // Straight up, as high as the hips went.
    expect(arrow.endX).toBeCloseTo(arrow.x, 2);
    expect(arrow.y - arrow.endY!).toBeCloseTo(flightLift(0.5) / 1280, 1);
    expect(model.visualGuides!.filter((g) => g.type === 'line')).toHaveLength(2);
    const knee = keypoint(sample, 'left_knee');
    expect(model.visualGuides!.some((g) => Math.abs(g.endX! - knee.x) < 0.005)).toBe(true);
  });

  it('asks for a softer landing only on the stiff one, stating its knee angle', () => {
    const landings = analysis.coachingPoints.filter((p) => p.type === 'landing');
    expect(landings.map((p) => p.title)).toEqual(['Jump 2: soften the landing']);
    expect(landings[0]!.description).toMatch(/^The knees bent only to 165° on landing/);
    // At the moment the knees were most bent: 0.3 s after touch-down.
    expect(landings[0]!.timestamp).toBeCloseTo(athlete.jumps[1]!.landing + 0.3, 1);
  });

  it('draws every guide on the athlete and inside the frame', () => {
    const points = analysis.coachingPoints;
    expect(points.length).toBeGreaterThanOrEqual(2);
    for (const point of points) {
      expect(guidesOffTheAthlete(point, scan)).toEqual([]);
      for (const value of guideCoordinates(point)) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    }
  });

  it('writes the jumps into the table, jump by jump, and the overall feedback', () => {
    const text = analysis.textAnalysis;
    expect(text).toContain('and made **2 jumps**.');
    expect(text).toContain('| Repetitions | 0 | |');
    expect(text).toContain('| Jumps | 2 | |');
    expect(text).toContain(`| Highest hip rise | ${riseOf(0.5).toFixed(2)} body lengths`);
    expect(text).toContain(`| Longest air time | ${athlete.jumps[0]!.airTime.toFixed(2)} s | |`);
    expect(text).toContain('### Jump by jump');
    expect(text).toMatch(
      /- \*\*Jump 2\*\* \(take-off 4\.\d s\): air time 0\.\d\d s, .*knee angle at landing 165°\./,
    );
    expect(analysis.overallFeedback).toMatch(
      /^2 jumps measured: the highest raised the hips 0\.2\d body lengths .* 1 of 2 landings was on nearly straight knees/,
    );
  });

  it('counts a soft landing as soft', () => {
    const soft = analysePoses(jumpSet([{ airTime: 0.45, landingKneeAngle: 120 }]));
    expect(soft.coachingPoints.map((p) => p.title)).toEqual(['Jump 1: take-off']);
    expect(soft.overallFeedback).toMatch(
      /Every landing was absorbed with bent knees \(at most 120°\)/,
    );
  });

  it('times the flight from the hips when the feet blur out of sight in the air', () => {
    const [jump] = analysePoses(
      jumpSet([{ airTime: 0.5, landingKneeAngle: 110, anklesHiddenInAir: true }]),
    ).athletes[0]!.jumps;
    expect(jump!.airTimeFrom).toBe('hips');
    expect(jump!.airTime).toBeGreaterThan(0.35);
    expect(jump!.airTime).toBeLessThan(0.5);
    expect(jump!.hipRise).toBeCloseTo(riseOf(0.5), 2);
  });

  it('still finds jumps at the 5 frames a second the scan samples', () => {
    const jumps = analysePoses(
      jumpSet(
        [
          { airTime: 0.5, landingKneeAngle: 110 },
          { airTime: 0.4, landingKneeAngle: 110 },
        ],
        5,
      ),
    ).athletes[0]!.jumps;
    expect(jumps).toHaveLength(2);
    expect(jumps[0]!.airTime).toBeGreaterThan(0.4);
    expect(jumps[0]!.airTime).toBeLessThan(0.6);
    expect(jumps[0]!.hipRise).toBeGreaterThan(riseOf(0.5) * 0.9);
  });

  it('does not take squats for jumps, however deep', () => {
    const squats = squatSet([{ bottomKneeAngle: 70 }, { bottomKneeAngle: 120, seconds: 1.2 }]);
    expect(findJumps(bodySeries(squats.tracks[0]!, squats))).toEqual([]);
    expect(analysePoses(squats).athletes[0]!.repetitions).toHaveLength(2);
  });

  it('does not take a glitching hip keypoint for a jump while the feet stay down', () => {
    const scan = squatSet([{ bottomKneeAngle: 90 }]);
    // One hip jumps 0.15 of the frame up for two samples, as movenet does on real clips:
    // the hips' middle rises 0.13 body lengths, more than a jump needs.
    for (const sample of scan.tracks[0]!.samples.filter((s) => s.t > 3.6 && s.t < 3.85)) {
      sample.keypoints.find((k) => k.name === 'left_hip')!.y -= 0.15;
    }
    expect(findJumps(bodySeries(scan.tracks[0]!, scan))).toEqual([]);
  });
});
