import { describe, expect, it } from 'vitest';
import { analysePoses } from '../index';
import { readInstructions } from './instructions';
import { squatsScan, unquotedValues } from '../../testing';
import { jumpSet, squatSet } from '../../testing/synthetic-athlete';
import { CATALOGUE } from './catalogue';
import { realSeconds } from './shared';

describe('the movement catalogue', () => {
  it('has a module for every movement the issue names, each with phases or a general reading', () => {
    const ids = CATALOGUE.map((m) => m.id);
    for (const id of [
      'squat',
      'lunge',
      'hip_hinge',
      'push_up',
      'vertical_jump',
      'running',
      'golf_swing',
      'basketball_shot',
      'tennis_serve',
      'tennis_groundstroke',
      'general',
    ]) {
      expect(ids).toContain(id);
    }
    for (const module of CATALOGUE.filter((m) => m.id !== 'general' && m.id !== 'yoga')) {
      expect(module.phases.length, module.id).toBeGreaterThan(0);
      for (const fault of module.faults) expect(fault.drills.length, fault.id).toBeGreaterThan(0);
    }
  });

  it('recognises the real squats clip as squats, with its three bottoms', () => {
    const analysis = analysePoses(squatsScan());
    const [athlete] = analysis.readings;
    expect(athlete!.movement).toBe('squat');
    expect(athlete!.movementSource).toBe('detected');
    expect(athlete!.confidence).toBeGreaterThan(0.5);
    const bottoms = athlete!.events.filter((e) => e.name === 'bottom').map((e) => e.t);
    // Ground truth (labels.json): bottoms at 2.1, 6.8 and 11.9 s. The clip is 5 fps, so a
    // bottom may be found one or two frames (0.2 s each) from the labelled one.
    expect(bottoms).toHaveLength(3);
    [2.1, 6.8, 11.9].forEach((t, i) => expect(Math.abs(bottoms[i]! - t)).toBeLessThanOrEqual(0.41));
    expect(analysis.textAnalysis).toContain('## Squat');
    expect(analysis.textAnalysis).toMatch(/\b3 repetitions\b/);
  });

  it('never tells a clip coached as a golf swing to squat deeper', () => {
    const analysis = analysePoses(squatsScan(), {
      instructions: 'This is a golf swing. Do not tell me to squat deeper',
    });
    expect(analysis.readings[0]!.movement).toBe('golf_swing');
    expect(analysis.readings[0]!.movementSource).toBe('chosen');
    const all = [
      analysis.textAnalysis,
      analysis.overallFeedback ?? '',
      ...analysis.coachingPoints.map((p) => `${p.title} ${p.description}`),
    ].join('\n');
    expect(all).not.toMatch(/sit deeper|parallel|squat/i);
    expect(analysis.textAnalysis).toContain(
      '_As asked: coached as a golf swing; leaving out depth._',
    );
  });

  it('takes the movement picked by the coach over recognition', () => {
    const analysis = analysePoses(squatsScan(), { movement: 'hip_hinge' });
    expect(analysis.readings[0]).toMatchObject({
      movement: 'hip_hinge',
      movementSource: 'chosen',
      confidence: 1,
    });
  });

  it('quotes every stated value from a metric record', () => {
    for (const analysis of [
      analysePoses(squatsScan()),
      analysePoses(jumpSet([{ airTime: 0.5, landingKneeAngle: 165 }])),
      analysePoses(squatsScan(), { movement: 'general' }),
    ]) {
      expect(unquotedValues(analysis)).toEqual([]);
    }
  });

  it('never reads a movement the coach ruled out', () => {
    const squats = squatSet([{ bottomKneeAngle: 85 }, { bottomKneeAngle: 88 }]);
    expect(analysePoses(squats).readings[0]!.movement).toBe('squat');
    const ruledOut = analysePoses(squats, { instructions: 'this is not a squat' }).readings[0]!;
    expect(ruledOut.movement).not.toBe('squat');
    expect(ruledOut.candidates?.map((c) => c.movement) ?? []).not.toContain('squat');
  });

  it('says what was measured in an asked stretch where nothing missed its target', () => {
    const good = squatSet([
      { bottomKneeAngle: 85 },
      { bottomKneeAngle: 88 },
      { bottomKneeAngle: 86 },
    ]);
    const depth = analysePoses(good).readings[0]!.metrics.find((m) => m.id === 'a1.depth')!;
    expect(depth.status).toBe('ok');
    const from = Math.floor(depth.t! - 0.5);
    const analysis = analysePoses(good, {
      instructions: `between 0:0${from} and 0:0${from + 1}`,
    });
    const point = analysis.coachingPoints.find((p) => p.metricIds?.includes('a1.depth'))!;
    expect(point.description).toContain(
      `${depth.text} (target: ${depth.target}). Within the target.`,
    );
    expect(
      analysis.coachingPoints.every((p) => p.timestamp >= from && p.timestamp <= from + 1),
    ).toBe(true);
  });

  it('catches a value no record wrote', () => {
    const analysis = analysePoses(squatsScan());
    const tampered = {
      ...analysis,
      overallFeedback: `${analysis.overallFeedback} The knees reached 47°.`,
    };
    expect(unquotedValues(tampered)).toEqual([expect.stringMatching(/^47° in: /)]);
  });

  it('gives the honest general reading, with no targets, for a movement it was told is general', () => {
    const analysis = analysePoses(squatsScan(), { movement: 'general' });
    expect(analysis.textAnalysis).toContain(
      'FilmRoom has no rubric for this movement yet; here is what was measured.',
    );
    expect(
      analysis.readings[0]!.metrics.every((m) => m.target === null && m.status === 'info'),
    ).toBe(true);
    expect(analysis.coachingPoints).toHaveLength(0);
  });
});

describe('slow motion', () => {
  // The same jump filmed at 120 fps and played at 30: everything takes four times as long.
  const real = jumpSet([{ airTime: 0.5, landingKneeAngle: 120 }]);
  const slowed = {
    ...real,
    duration: real.duration * 4,
    tracks: real.tracks.map((track) => ({
      ...track,
      samples: track.samples.map((sample) => ({ ...sample, t: sample.t * 4 })),
    })),
  };
  const airTime = (analysis: ReturnType<typeof analysePoses>) =>
    analysis.readings[0]!.metrics.find((m) => m.name === 'Longest air time');

  it('reads the playback speed from gravity when nobody said it is slowed', () => {
    // Read as real time, a four-times-slowed jump hangs two seconds in the air, which no jump
    // of that height can: gravity's clock says the footage plays four times slower.
    const analysis = analysePoses(slowed, { movement: 'vertical_jump' });
    const reading = analysis.readings[0]!;
    expect(reading.detectedSlowMotion).toBe(4);
    expect(reading.events.map((e) => e.name)).toContain('take_off');
    // The clock was inferred, not measured: no air time or height is stated from it.
    expect(airTime(analysis)).toBeUndefined();
    expect(analysis.textAnalysis).not.toMatch(/\d+ cm/);
    expect(analysis.textAnalysis).toContain('played back about 4× slower than real time');
    // A duration longer than the movement can take in real life marks the clip as slowed.
    expect(realSeconds({ timeDeclared: false }, 0.3, 0.7)).toBe(0.3);
    expect(realSeconds({ timeDeclared: false }, 1.2, 0.7)).toBeUndefined();
    expect(realSeconds({ timeDeclared: true }, 1.2, 0.7)).toBe(1.2);
  });

  it('claims no slow motion where gravity says the jump is real time', () => {
    expect(analysePoses(real, { movement: 'vertical_jump' }).readings[0]!.detectedSlowMotion).toBe(
      undefined,
    );
  });

  it('converts times to real time with the declared factor', () => {
    const declared = analysePoses(slowed, { movement: 'vertical_jump', slowMotionFactor: 4 });
    const measured = analysePoses(real, { movement: 'vertical_jump' });
    expect(airTime(declared)!.value).toBeCloseTo(airTime(measured)!.value, 1);
    expect(declared.textAnalysis).toContain('Slow motion: the footage plays 4 times slower');
  });
});

describe('readInstructions', () => {
  it('reads a named movement and the topics to leave out', () => {
    expect(readInstructions('This is a golf swing. Do not tell me to squat deeper')).toMatchObject({
      movement: 'golf_swing',
      exclude: ['depth'],
    });
    expect(readInstructions("don't talk about depth")).toMatchObject({
      movement: null,
      exclude: ['depth'],
      focus: [],
    });
    expect(readInstructions('focus on shooting form')).toMatchObject({
      movement: 'basketball_shot',
    });
    expect(
      readInstructions('focus on tempo, between 0:03 and 0:06, beginner, encouraging'),
    ).toMatchObject({
      movement: null,
      focus: ['tempo'],
      window: { from: 3, to: 6 },
      level: 'beginner',
      tone: 'encouraging',
    });
  });
});
