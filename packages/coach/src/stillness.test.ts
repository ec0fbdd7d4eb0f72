import { describe, expect, it } from 'vitest';
import { analysePoses } from './index';
import { athleteFrom } from './movements/athlete';
import { speedSeries } from './movement';
import { findStillPeriods } from './stillness';
import { holdSet, squatSet } from '../testing/synthetic-athlete';

function stillPeriods(
  scan: ReturnType<typeof holdSet>,
  moving: { start: number; end: number }[] = [],
) {
  const athlete = athleteFrom(scan.tracks[0]!, scan)!;
  return findStillPeriods(
    speedSeries(athlete.moments, athlete.bodyLength),
    athlete.bodyLength,
    moving,
  );
}

describe('stillness', () => {
  it('measures a steady hold: how long, and how little the hips swayed', () => {
    // One whole sway cycle: the hips go 1 % of body length either side.
    const [still] = stillPeriods(holdSet({ seconds: 5, sway: 0.01 }));
    // The hold runs from 1 s to 6 s; walking in and out is not still.
    expect(still!.start).toBeCloseTo(1, 0);
    expect(still!.end).toBeCloseTo(6, 0);
    expect(still!.seconds).toBeGreaterThan(4.5);
    expect(still!.seconds).toBeLessThan(5.2);
    expect(still!.sway).toBeGreaterThan(0.007);
    expect(still!.sway).toBeLessThan(0.013);
  });

  it('judges a wobbling held pose against its sway target, quoting the record', () => {
    const analysis = analysePoses(holdSet({ seconds: 5, sway: 0.07 }), { movement: 'yoga' });
    const sway = analysis.readings[0]!.metrics.find((m) => m.name === 'Hold 1 hip sway')!;
    expect(sway.value).toBeGreaterThan(6);
    expect(sway.value).toBeLessThan(7.5);
    expect(sway.status).toBe('fault');
    expect(analysis.textAnalysis).toContain(`| Hold 1 hip sway (`);
    expect(analysis.textAnalysis).toContain(`| ${sway.text} ⚠ |`);
  });

  it('sees two holds where the arms alone sweep into the next pose', () => {
    const analysis = analysePoses(holdSet({ seconds: 6, sway: 0.01, armsSweepAt: 3 }), {
      movement: 'yoga',
    });
    const events = analysis.readings[0]!.events.map((e) => [e.name, e.t]);
    // The hold runs from 1 s to 7 s; the arms sweep overhead from 4 s to 4.3 s.
    expect(events).toHaveLength(4);
    expect(events[1]![0]).toBe('hold_end');
    expect(events[1]![1]).toBeGreaterThan(3.85);
    expect(events[1]![1]).toBeLessThan(4.05);
    expect(events[2]![0]).toBe('hold_start');
    expect(events[2]![1]).toBeGreaterThan(4.25);
    expect(events[2]![1]).toBeLessThan(4.45);
  });

  it('does not take a slow, shallow squat for a hold', () => {
    const scan = squatSet([
      { bottomKneeAngle: 120, seconds: 5 },
      { bottomKneeAngle: 120, seconds: 5 },
    ]);
    const analysis = analysePoses(scan, { movement: 'squat' });
    const bottoms = analysis.readings[0]!.events.filter((e) => e.name === 'bottom');
    expect(bottoms).toHaveLength(2);
    // Near the top of a slow rep the hips barely move; the rep itself is not still.
    const reps = bottoms.map((b) => ({ start: b.t - 1.5, end: b.t + 1.5 }));
    for (const still of stillPeriods(scan, reps)) {
      for (const rep of reps) expect(still.end < rep.start || still.start > rep.end).toBe(true);
    }
  });
});
