import { describe, expect, it } from 'vitest';
import { analysePoses } from './index';
import { squatsScan } from './testing/squats-scan';

const scan = squatsScan();

describe('the real squats clip', () => {
  const analysis = analysePoses(scan);
  const athlete = analysis.athletes[0]!;

  it('still counts three squats, the last cut off, and no jumps', () => {
    expect(athlete.repetitions.map((rep) => rep.cutOff)).toEqual([false, false, true]);
    expect(athlete.jumps).toEqual([]);
    expect(analysis.textAnalysis).toContain('completed **3 repetitions**');
    expect(analysis.textAnalysis).not.toContain('| Jumps |');
    expect(analysis.textAnalysis).not.toContain('Arm extension');
  });

  it("reports the deepest bend as the deepest rep's bottom, not a one-frame keypoint slip", () => {
    const bottoms = athlete.repetitions.map((rep) => rep.kneeAngleAtBottom!);
    expect(athlete.deepestKneeAngle).toBe(Math.min(...bottoms));
    expect(analysis.textAnalysis).toContain(
      `| Deepest knee angle | ${Math.round(Math.min(...bottoms))}° |`,
    );
  });

  it('keeps its squat points and adds none about jumps, arms, holds or speed', () => {
    expect(analysis.coachingPoints.map((p) => p.title)).toEqual([
      'Rep 1: sit deeper',
      'Rep 2: sit deeper',
      'Rep 3: sit deeper',
      'Uneven knees',
    ]);
  });

  it('measures a standing pause as a short still period with little sway', () => {
    const still = athlete.longestStill!;
    // Between rep 1 (up by 3.6 s) and rep 2 (down from 5.0 s).
    expect(still.start).toBeGreaterThanOrEqual(3.6);
    expect(still.end).toBeLessThanOrEqual(5.4);
    expect(still.sway).toBeLessThan(0.05);
    expect(athlete.peakSpeed!.speed).toBeLessThan(0.5);
  });

  it('charts the knee angle', () => {
    expect(analysis.keyMetric).toMatchObject({ name: 'Knee angle', target: 90 });
    expect(analysis.keyMetric!.samples).toHaveLength(65);
  });
});
