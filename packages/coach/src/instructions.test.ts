import { describe, expect, it } from 'vitest';
import { analysePoses } from './index';
import { readInstructions } from './instructions';
import { squatSet } from './synthetic-athlete';

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
});

describe('analysePoses with instructions', () => {
  const scan = squatSet([
    { bottomKneeAngle: 118 },
    { bottomKneeAngle: 118, bottomTrunkLean: 55 },
    { bottomKneeAngle: 118, seconds: 5 },
  ]);

  it('points only at moments inside the asked time range', () => {
    const all = analysePoses(scan).coachingPoints.map((p) => p.timestamp);
    const windowed = analysePoses(scan, 'between 0:03 and 0:06').coachingPoints;
    expect(all.some((t) => t < 3 || t > 6)).toBe(true);
    expect(windowed.length).toBeGreaterThan(0);
    expect(windowed.every((p) => p.timestamp >= 3 && p.timestamp <= 6)).toBe(true);
  });

  it('keeps to the asked focus, and says so in the analysis', () => {
    const analysis = analysePoses(scan, 'only the tempo please');
    expect(analysis.coachingPoints.map((p) => p.type)).toEqual(['consistency']);
    expect(analysis.textAnalysis).toMatch(/^_As asked: focus on tempo\._/);
  });

  it('adapts wording to the level and tone without changing a measurement', () => {
    const plain = analysePoses(scan);
    const beginner = analysePoses(scan, 'beginner, encouraging');
    expect(beginner.coachingPoints.map((p) => p.timestamp)).toEqual(
      plain.coachingPoints.map((p) => p.timestamp),
    );
    expect(beginner.coachingPoints[0]!.description).toContain(plain.coachingPoints[0]!.description);
    expect(beginner.coachingPoints[0]!.description).toMatch(/one rep at a time/);
    expect(beginner.overallFeedback).toMatch(/^Good session\./);
    expect(beginner.athletes).toEqual(plain.athletes);
  });
});
