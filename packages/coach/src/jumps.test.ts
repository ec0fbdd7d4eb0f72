import { describe, expect, it } from 'vitest';
import { bodySeries } from './body-series';
import { analysePoses } from './index';
import { findJumps } from './jumps';
import type { PoseScan } from './pose';
import { BODY_LENGTH, flightLift, jumpSet, squatSet } from '../testing/synthetic-athlete';

const riseOf = (airTime: number) => flightLift(airTime) / BODY_LENGTH;
const jumpsIn = (scan: PoseScan) => findJumps(bodySeries(scan.tracks[0]!, scan));

describe('jumps', () => {
  const scan = jumpSet([
    { airTime: 0.5, landingKneeAngle: 110 },
    { airTime: 0.4, landingKneeAngle: 165 },
  ]);
  const jumps = jumpsIn(scan);

  it('finds each jump with its air time and hip rise, and no squat in the loading dips', () => {
    expect(jumps).toHaveLength(2);
    expect(analysePoses(scan).readings[0]!.movement).toBe('vertical_jump');
    const [first, second] = jumps;
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
    expect(jumps[0]!.landingKneeAngle).toBeCloseTo(110, 0);
    expect(jumps[1]!.landingKneeAngle).toBeCloseTo(165, 0);
  });

  it('times the flight from the hips when the feet blur out of sight in the air', () => {
    const [jump] = jumpsIn(
      jumpSet([{ airTime: 0.5, landingKneeAngle: 110, anklesHiddenInAir: true }]),
    );
    expect(jump!.airTimeFrom).toBe('hips');
    expect(jump!.airTime).toBeGreaterThan(0.35);
    expect(jump!.airTime).toBeLessThan(0.5);
    expect(jump!.hipRise).toBeCloseTo(riseOf(0.5), 2);
  });

  it('still finds jumps at the 5 frames a second the scan samples', () => {
    const sparse = jumpsIn(
      jumpSet(
        [
          { airTime: 0.5, landingKneeAngle: 110 },
          { airTime: 0.4, landingKneeAngle: 110 },
        ],
        5,
      ),
    );
    expect(sparse).toHaveLength(2);
    expect(sparse[0]!.airTime).toBeGreaterThan(0.4);
    expect(sparse[0]!.airTime).toBeLessThan(0.6);
    expect(sparse[0]!.hipRise).toBeGreaterThan(riseOf(0.5) * 0.9);
  });

  it('does not time a jump the athlete was lost for (out of the picture in the air)', () => {
    const lost = jumpSet([{ airTime: 0.5, landingKneeAngle: 110 }]);
    const track = lost.tracks[0]!;
    track.samples = track.samples.filter((s) => s.t < 1.7 || s.t > 2.0);
    expect(jumpsIn(lost)).toEqual([]);
  });

  it('does not take squats for jumps, however deep', () => {
    const squats = squatSet([{ bottomKneeAngle: 70 }, { bottomKneeAngle: 120, seconds: 1.2 }]);
    expect(findJumps(bodySeries(squats.tracks[0]!, squats))).toEqual([]);
    expect(analysePoses(squats).readings[0]!).toMatchObject({ movement: 'squat', repetitions: 2 });
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
