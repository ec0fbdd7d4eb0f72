import { describe, expect, it } from 'vitest';
import { analysePoses } from './index';
import { readInstructions } from './instructions';
import { holdSet, jumpSet, squatSet } from './synthetic-athlete';

describe('readInstructions', () => {
  it('reads focus, a time range, level and tone from plain words', () => {
    expect(
      readInstructions(
        'Focus on knee depth between 0:05 and 0:10 for a beginner, keep it encouraging',
      ),
    ).toEqual({
      focus: ['depth'],
      window: { from: 5, to: 10 },
      level: 'beginner',
      tone: 'encouraging',
    });
    expect(readInstructions('tempo and chest position, 3s to 7.5s, advanced, be direct')).toEqual({
      focus: ['posture', 'tempo'],
      window: { from: 3, to: 7.5 },
      level: 'advanced',
      tone: 'direct',
    });
    expect(readInstructions('')).toEqual({
      focus: [],
      window: null,
      level: 'standard',
      tone: 'standard',
    });
    expect(readInstructions('from 10 to 4').window).toBeNull();
  });

  it('reads focus on jumps, arms, holds and speed, and not from everyday words', () => {
    expect(readInstructions('Look at the landings and the arms overhead').focus).toEqual([
      'jumping',
      'arms',
    ]);
    expect(readInstructions('How steady is the plank hold? Top running speed too').focus).toEqual([
      'tempo',
      'stability',
      'speed',
    ]);
    expect(readInstructions('Give me a quick summary, but still encouraging').focus).toEqual([]);
  });
});

describe('analysePoses with a focus on jumps or holds', () => {
  const jumps = jumpSet([
    { airTime: 0.5, landingKneeAngle: 110, arms: { raise: 170, elbowAngle: 130 } },
    { airTime: 0.4, landingKneeAngle: 165 },
  ]);

  it('keeps to the jumps and landings when asked', () => {
    const all = analysePoses(jumps).coachingPoints.map((p) => p.type);
    expect(all).toEqual(expect.arrayContaining(['jump', 'arms', 'landing']));
    const asked = analysePoses(jumps, { instructions: 'only the jumps please' }).coachingPoints.map(
      (p) => p.type,
    );
    expect(asked.sort()).toEqual(['jump', 'landing']);
    expect(analysePoses(jumps, { instructions: 'arms' }).coachingPoints.map((p) => p.type)).toEqual(
      ['arms'],
    );
  });

  it('keeps to the hold when asked about balance', () => {
    const hold = holdSet({ seconds: 5, sway: 0.07 });
    expect(
      analysePoses(hold, { instructions: 'was she steady?' }).coachingPoints.map((p) => p.type),
    ).toEqual(['balance']);
  });
});

describe('analysePoses with instructions', () => {
  const scan = squatSet([
    { bottomKneeAngle: 118 },
    { bottomKneeAngle: 118, bottomTrunkLean: 55 },
    { bottomKneeAngle: 118, seconds: 5 },
  ]);

  it('points only at moments inside the asked time range', () => {
    const all = analysePoses(scan).coachingPoints.map((p) => p.timestamp);
    const windowed = analysePoses(scan, { instructions: 'between 0:03 and 0:06' }).coachingPoints;
    expect(all.some((t) => t < 3 || t > 6)).toBe(true);
    expect(windowed.length).toBeGreaterThan(0);
    expect(windowed.every((p) => p.timestamp >= 3 && p.timestamp <= 6)).toBe(true);
  });

  it('keeps to the asked focus, and says so in the analysis', () => {
    const analysis = analysePoses(scan, { instructions: 'only the tempo please' });
    expect(analysis.coachingPoints.map((p) => p.type)).toEqual(['consistency']);
    expect(analysis.textAnalysis).toMatch(/^_As asked: focus on tempo\._/);
  });

  it('adapts wording to the level and tone without changing a measurement', () => {
    const plain = analysePoses(scan);
    const beginner = analysePoses(scan, { instructions: 'beginner, encouraging' });
    expect(beginner.coachingPoints.map((p) => p.timestamp)).toEqual(
      plain.coachingPoints.map((p) => p.timestamp),
    );
    expect(beginner.coachingPoints[0]!.description).toContain(plain.coachingPoints[0]!.description);
    expect(beginner.coachingPoints[0]!.description).toMatch(/one rep at a time/);
    expect(beginner.overallFeedback).toMatch(/^Good session\./);
    expect(beginner.athletes).toEqual(plain.athletes);
  });
});
