import { describe, expect, it } from 'vitest';
import { analysePoses, type CoachAnalysis } from './index';
import { unquotedValues } from '../testing';
import { squatSet } from '../testing/synthetic-athlete';

/**
 * Regenerate instructions applied to a real reading of a synthetic squat set (coached as a
 * squat, so the test does not hang on recognition) whose three reps
 * miss depth and lean the chest far forward: every line the
 * coach reads (points, the table, the feedback, the stored reading) must obey what was asked,
 * and "As asked:" must say what was done.
 */
const faultySquats = squatSet(
  [1, 2, 3].map(() => ({ bottomKneeAngle: 110, bottomTrunkLean: 55, rightKneeOffset: 25 })),
);
const goodSquats = squatSet([1, 2, 3].map(() => ({ bottomKneeAngle: 85, bottomTrunkLean: 30 })));

// The words a coach means by each topic, written here independently of the coach engine's.
const WORDS = {
  legs: /\b(knees?|legs?|hips?|ankles?|feet|foot|thighs?|heels?)\b/i,
  depth: /\b(depth|deep\w*|parallel|sit deeper)\b/i,
  posture: /\b(back|chest|trunk|lean|spine|posture|upright)\b/i,
  tempo: /\b(tempo|pace|timing)\b/i,
  arms: /\b(arms?|shoulders?|elbows?|wrists?|hands?)\b/i,
};
type Asked = keyof typeof WORDS;

/** Every line of the analysis a coach reads, with where it came from. */
function linesOf(analysis: CoachAnalysis): { where: string; text: string }[] {
  const table = analysis.textAnalysis
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Measure'))
    .map((text) => ({ where: 'table row', text }));
  return [
    ...table,
    ...analysis.coachingPoints.map((p) => ({
      where: 'coaching point',
      text: `${p.title}: ${p.description}`,
    })),
    ...analysis.readings.flatMap((r) =>
      r.metrics.map((m) => ({ where: 'stored metric', text: m.name })),
    ),
    { where: 'overall feedback', text: analysis.overallFeedback ?? '' },
  ];
}

const banner = (analysis: CoachAnalysis) =>
  /^_As asked: (.*)\._$/m.exec(analysis.textAnalysis)?.[1] ?? '';

describe('Regenerate instructions applied to the reading', () => {
  it('reads the faulty set with faults on depth and posture (the test’s premise)', () => {
    const titles = analysePoses(faultySquats, { movement: 'squat' })
      .coachingPoints.map((p) => p.title)
      .join(' | ');
    // Both faults fall at the first bottom: one point, "Sit deeper; chest up".
    expect(titles).toMatch(/Sit deeper/i);
    expect(titles).toMatch(/Chest up/i);
  });

  it.each<[string, Asked[]]>([
    ['do not talk about the knees, focus on the arms', ['legs']],
    ["don't talk about depth", ['depth']],
    ['nothing about the back', ['posture']],
    ['ignore tempo and depth', ['depth', 'tempo']],
    ['no knees, focus on posture', ['legs']],
    ['leave the hips out', ['legs']],
  ])('"%s" leaves every line on %j out, and says so', (instructions, left) => {
    const analysis = analysePoses(faultySquats, { movement: 'squat', instructions });
    for (const topic of left) {
      const offending = linesOf(analysis).filter((line) => WORDS[topic].test(line.text));
      expect(offending, `${topic} still shown`).toEqual([]);
    }
    expect(banner(analysis)).toContain(`leaving out ${left.join(', ')}`);
    expect(unquotedValues(analysis)).toEqual([]);
  });

  it('"do not talk about the knees, focus on the arms" leaves out the legs, not the arms', () => {
    const analysis = analysePoses(faultySquats, {
      movement: 'squat',
      instructions: 'do not talk about the knees, focus on the arms',
    });
    expect(banner(analysis)).toBe('focus on arms; leaving out legs');
    expect(analysis.textAnalysis).not.toMatch(/Sit deeper/);
    // A squat measures nothing of the arms: said plainly, and no other topic's point instead.
    expect(analysis.textAnalysis).toContain(
      'Nothing was measured of the arms in this clip, so there is no point about it.',
    );
    expect(analysis.coachingPoints).toEqual([]);
  });

  it('"focus on the arms only" leaves out the knee-angle table row and every other point', () => {
    const analysis = analysePoses(faultySquats, {
      movement: 'squat',
      instructions: 'focus on the arms only',
    });
    expect(banner(analysis)).toBe('only arms');
    for (const topic of ['legs', 'depth', 'posture'] as const) {
      expect(linesOf(analysis).filter((line) => WORDS[topic].test(line.text))).toEqual([]);
    }
    expect(analysis.keyMetric).toBeNull();
  });

  it('"only posture" keeps posture and nothing else', () => {
    const analysis = analysePoses(faultySquats, {
      movement: 'squat',
      instructions: 'only the posture',
    });
    expect(banner(analysis)).toBe('only posture');
    expect(analysis.coachingPoints.map((p) => p.title)).toEqual(
      expect.arrayContaining(['Chest up']),
    );
    expect(analysis.coachingPoints.every((p) => p.type === 'posture')).toBe(true);
    const rows = linesOf(analysis).filter((line) => line.where === 'table row');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => WORDS.posture.test(row.text))).toBe(true);
  });

  it('a focus that nothing missed says so and offers what was measured of it', () => {
    const analysis = analysePoses(goodSquats, {
      movement: 'squat',
      instructions: 'focus on depth',
    });
    const depth = analysis.readings[0]!.metrics.find((m) => m.id === 'a1.depth')!;
    expect(depth.status).toBe('ok');
    expect(analysis.textAnalysis).toContain(
      `Nothing measured on depth missed its target; what was measured of depth: ${depth.name} ${depth.text}`,
    );
    expect(analysis.coachingPoints.length).toBeGreaterThan(0);
    expect(analysis.coachingPoints.every((p) => p.type === 'depth')).toBe(true);
    expect(
      analysis.coachingPoints.find((p) => p.metricIds?.includes('a1.depth'))!.description,
    ).toContain('Within the target.');
    expect(unquotedValues(analysis)).toEqual([]);
  });

  it('coaches the asked stretch on its own reps, not the whole set', () => {
    // Bottoms at 2, 5 and 8 s; the shallowest of the set (8 s) is outside the asked stretch,
    // whose one rep (5 s) misses depth too.
    const set = squatSet([90, 115, 125].map((bottomKneeAngle) => ({ bottomKneeAngle })));
    const analysis = analysePoses(set, {
      movement: 'squat',
      instructions: 'Focus on depth between 0:04 and 0:06',
    });
    expect(analysis.textAnalysis).not.toContain('Nothing was measured');
    expect(analysis.coachingPoints.length).toBeGreaterThan(0);
    for (const point of analysis.coachingPoints) {
      expect(point.timestamp).toBeGreaterThanOrEqual(4);
      expect(point.timestamp).toBeLessThanOrEqual(6);
    }
    const depth = analysis.readings[0]!.metrics.find((m) => m.id === 'a1.depth')!;
    expect(depth.t).toBeCloseTo(5, 0);
    expect(depth.status).toBe('fault');
  });

  it('does not claim an instruction the reading could not apply', () => {
    // A time window with no moment in it: no point is claimed to be inside it.
    const analysis = analysePoses(faultySquats, {
      movement: 'squat',
      instructions: 'between 30 and 40 s',
    });
    expect(analysis.coachingPoints).toEqual([]);
    expect(banner(analysis)).toBe('moments between 0:30.0 and 0:40.0');
    // Without the window, every point is kept and no focus is claimed.
    // "Not a golf swing" is said back when no athlete was read as one, never when one was.
    const notGolf = analysePoses(faultySquats, { movement: 'squat', instructions: 'not golf' });
    expect(banner(notGolf)).toBe('not read as golf swing');
    const notSquat = analysePoses(faultySquats, { movement: 'squat', instructions: 'not a squat' });
    // The picker's squat gives way to the coach's newer words: recognition reads the clip.
    expect(notSquat.readings[0]!.movementSource).toBe('detected');
    const plain = analysePoses(faultySquats, { movement: 'squat', instructions: 'be direct' });
    expect(banner(plain)).toBe('direct tone');
  });
});
