import { describe, expect, it } from 'vitest';
import { analysePoses } from './index';
import {
  BODY_LENGTH,
  FRAME,
  flightLift,
  jumpSet,
  sidewaysRun,
  squatSet,
} from './synthetic-athlete';

const values = (samples: [number, number][]) => samples.map(([, value]) => value);
const decimals = (value: number) => (String(value).split('.')[1] ?? '').length;

describe('key metric', () => {
  it('follows the knee angle through a squat set, aiming at 90°', () => {
    const scan = squatSet([{ bottomKneeAngle: 85 }, { bottomKneeAngle: 118 }]);
    const metric = analysePoses(scan).keyMetric!;
    expect(metric).toMatchObject({ name: 'Knee angle', unit: '°', target: 90 });
    expect(metric.samples).toHaveLength(scan.tracks[0]!.samples.length);
    expect(Math.min(...values(metric.samples))).toBeCloseTo(85, 0);
    expect(Math.max(...values(metric.samples))).toBeCloseTo(175, 0);
    for (const [t, value] of metric.samples) {
      expect(decimals(t)).toBeLessThanOrEqual(2);
      expect(decimals(value)).toBeLessThanOrEqual(1);
    }
    const times = metric.samples.map(([t]) => t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)).toBeLessThanOrEqual(scan.duration);
  });

  it('follows the hip height above standing through jumps', () => {
    const metric = analysePoses(jumpSet([{ airTime: 0.5, landingKneeAngle: 110 }])).keyMetric!;
    expect(metric).toMatchObject({ name: 'Hip height', unit: 'body lengths', target: null });
    const heights = values(metric.samples);
    expect(Math.max(...heights)).toBeCloseTo(flightLift(0.5) / BODY_LENGTH, 2);
    // The loading dip and the landing go below standing; standing reads 0.
    expect(Math.min(...heights)).toBeLessThan(-0.05);
    expect(heights[0]).toBe(0);
    for (const value of heights) expect(decimals(value)).toBeLessThanOrEqual(2);
  });

  it('follows movement speed when there are neither reps nor jumps', () => {
    const analysis = analysePoses(sidewaysRun({ peakSpeed: 1.5, peakAt: 2 }));
    const metric = analysis.keyMetric!;
    expect(metric).toMatchObject({ name: 'Movement speed', unit: 'body lengths/s', target: null });
    const speeds = values(metric.samples);
    expect(Math.max(...speeds)).toBeCloseTo(analysis.athletes[0]!.peakSpeed!.speed, 2);
    expect(Math.min(...speeds)).toBeGreaterThanOrEqual(0);
  });

  it('is null without an athlete', () => {
    expect(analysePoses({ duration: 5, ...FRAME, tracks: [] }).keyMetric).toBeNull();
  });

  it('thins a long clip to 300 samples, keeping the deepest moment', () => {
    const scan = squatSet(
      Array.from({ length: 12 }, (_, i) => ({ bottomKneeAngle: i === 7 ? 70 : 95 })),
      30,
    );
    expect(scan.tracks[0]!.samples.length).toBeGreaterThan(900);
    const metric = analysePoses(scan).keyMetric!;
    expect(metric.samples.length).toBeLessThanOrEqual(300);
    expect(metric.samples.length).toBeGreaterThan(250);
    expect(Math.min(...values(metric.samples))).toBeCloseTo(70, 0);
  });

  it('is measured on the athlete seen longest', () => {
    const squats = squatSet([{ bottomKneeAngle: 90 }, { bottomKneeAngle: 90 }]).tracks[0]!;
    const jumps = jumpSet([{ airTime: 0.4, landingKneeAngle: 110 }], 10).tracks[0]!;
    const metric = analysePoses({
      duration: 8,
      ...FRAME,
      tracks: [jumps, { ...squats, id: 2 }],
    }).keyMetric!;
    expect(metric.name).toBe('Knee angle');
  });
});
