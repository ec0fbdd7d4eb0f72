import { describe, expect, it } from 'vitest';
import { guideCoordinates, keypoint, sampleAt } from './guide-checks';
import { analysePoses } from './index';
import { sidewaysRun, squatSet } from './synthetic-athlete';

describe('movement speed', () => {
  const scan = sidewaysRun({ peakSpeed: 1.5, peakAt: 2 });
  const analysis = analysePoses(scan);

  it('finds the peak speed and when it happened', () => {
    const peak = analysis.athletes[0]!.peakSpeed!;
    expect(peak.t).toBeCloseTo(2, 1);
    // Smoothing over 0.4 s takes a little off the top.
    expect(peak.speed).toBeGreaterThan(1.35);
    expect(peak.speed).toBeLessThan(1.55);
    expect(analysis.textAnalysis).toContain(
      `| Peak speed | ${peak.speed.toFixed(2)} body lengths/s at 2.0 s | |`,
    );
  });

  it('points at the fastest moment with an arrow from the hips along the run', () => {
    const point = analysis.coachingPoints.find((p) => p.title === 'Fastest movement')!;
    expect(point.type).toBe('speed');
    expect(point.timestamp).toBeCloseTo(2, 1);
    expect(point.description).toMatch(/^The hips travelled 1\.\d\d body lengths per second here/);
    const [arrow] = point.visualGuides!;
    const sample = sampleAt(scan, point.timestamp);
    const hipX = (keypoint(sample, 'left_hip').x + keypoint(sample, 'right_hip').x) / 2;
    expect(arrow!.type).toBe('arrow');
    expect(arrow!.x).toBeCloseTo(hipX, 3);
    // Rightwards and level, as long as half a second of travel at that speed.
    expect(arrow!.endY).toBeCloseTo(arrow!.y, 3);
    // Box height is shoulder to ankle for this runner with the arms down; frame is 720 x 1280.
    const bodyLength = sample.box[3] * 1280;
    const seconds = ((arrow!.endX! - arrow!.x) * 720) / bodyLength / 1.44;
    expect(seconds).toBeGreaterThan(0.45);
    expect(seconds).toBeLessThan(0.55);
  });

  it('shortens the arrow, keeping its direction, near the edge of the frame', () => {
    const edge = sidewaysRun({ peakSpeed: 1.5, peakAt: 2, startShift: 50 });
    const point = analysePoses(edge).coachingPoints.find((p) => p.type === 'speed')!;
    const [arrow] = point.visualGuides!;
    expect(arrow!.endX).toBe(1);
    expect(arrow!.endY).toBeCloseTo(arrow!.y, 3);
    expect(arrow!.endX! - arrow!.x).toBeGreaterThan(0.05);
    for (const value of guideCoordinates(point)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it('does not point at the speed of a squat set', () => {
    const squats = analysePoses(squatSet([{ bottomKneeAngle: 90 }, { bottomKneeAngle: 90 }]));
    expect(squats.athletes[0]!.peakSpeed!.speed).toBeLessThan(0.5);
    expect(squats.coachingPoints.filter((p) => p.type === 'speed')).toEqual([]);
  });
});
