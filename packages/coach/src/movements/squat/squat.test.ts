import { describe, expect, it } from 'vitest';
import { analysePoses } from '../../index';
import type { PoseScan } from '../../pose';
import { jumpSet, squatSet } from '../../../testing/synthetic-athlete';

/**
 * Three squats, the lifter standing up from the last one, settling for `settle` seconds and
 * hopping off the floor (re-racking, stepping away): within a second of the hop, as a slowed
 * clip read as filmed shows a squat's rise, but the hop starts from standing.
 */
function squatsThenHop(settle: number): PoseScan {
  const squats = squatSet(
    [1, 2, 3].map(() => ({ bottomKneeAngle: 90 })),
    30,
  );
  const samples = squats.tracks[0]!.samples;
  const end = 0.5 + 3 * 3;
  // The hop: no loading dip of its own (its dip's knees stay straight), taking off `settle`
  // seconds after the squat's end (jumpSet's take-off is at 1.6 s).
  const hop = jumpSet([{ airTime: 0.4, landingKneeAngle: 170, dipKneeAngle: 175 }]);
  const takeOff = 1.6;
  const hopSamples = hop.tracks[0]!.samples.filter((s) => s.t >= takeOff - settle);
  return {
    ...squats,
    duration: end + hop.duration,
    tracks: [
      {
        id: 1,
        samples: [
          ...samples.filter((s) => s.t < end),
          ...hopSamples.map((s) => ({ ...s, t: s.t - (takeOff - settle) + end })),
        ],
      },
    ],
  };
}

describe('the squat and a jump after it', () => {
  it('keeps the last rep when the lifter stood up before hopping', () => {
    const reading = analysePoses(squatsThenHop(0.2), { movement: 'squat' }).readings[0]!;
    expect(reading.repetitions).toBe(3);
  });
});

describe('the squat bottom', () => {
  it('is placed between the sparse samples either side of it', () => {
    // Five samples a second from 0.5 s, reps 2.9 s long: each bottom (1.95, 4.85 and 7.75 s) is
    // 50 ms from the nearest sample.
    const scan = squatSet(
      [1, 2, 3].map(() => ({ bottomKneeAngle: 90, seconds: 2.9 })),
      5,
    );
    const bottoms = analysePoses(scan, { movement: 'squat' })
      .readings[0]!.events.filter((e) => e.name === 'bottom')
      .map((e) => e.t);
    expect(bottoms).toHaveLength(3);
    bottoms.forEach((t, i) => expect(Math.abs(t - (1.95 + 2.9 * i))).toBeLessThanOrEqual(0.02));
  });
});
