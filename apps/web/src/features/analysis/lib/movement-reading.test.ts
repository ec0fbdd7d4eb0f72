import * as contract from '@filmroom/contract';
import type { AthleteReading } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import {
  cameraViewLine,
  candidatesSentence,
  metricMark,
  movementLine,
  movementQuestion,
  slowMotionBody,
  slowMotionChoice,
  slowMotionChoices,
  timingLine,
} from './movement-reading';

describe('movement reading', () => {
  it('says what was detected with its confidence, or who chose it', () => {
    const detected = {
      movement: 'squat',
      movementLabel: 'Squat',
      movementSource: 'detected',
      confidence: 0.846,
    } as const;
    expect(movementLine(detected, true)).toBe('Detected: Squat · 85%');
    expect(movementLine(detected, false)).toBe('Detected: Squat · 85%');
    const chosen = {
      movement: 'golf_swing',
      movementLabel: 'Golf swing',
      movementSource: 'chosen',
      confidence: 1,
    } as const;
    expect(movementLine(chosen, true)).toBe('Golf swing · Chosen by you');
    expect(movementLine(chosen, false)).toBe('Golf swing · Chosen by the coach');
    // No rubric applied: no percentage to read as confidence in "general".
    const general = {
      ...detected,
      movement: 'general',
      movementLabel: 'General movement',
    } as const;
    expect(movementLine(general, true)).toBe('General movement · not sure which movement');
    expect(movementLine({ ...general, movementSource: 'chosen' }, true)).toBe(
      'General movement · Chosen by you',
    );
  });

  it('asks which movement it is only for an unsure general reading with candidates', () => {
    const unsure: Pick<AthleteReading, 'movement' | 'movementSource' | 'candidates'> = {
      movement: 'general',
      movementSource: 'detected',
      candidates: [
        { movement: 'squat', confidence: 0.484 },
        { movement: 'hip_hinge', confidence: 0.305 },
      ],
    };
    const question = movementQuestion(unsure);
    expect(
      question.map((candidate) => [candidate.movement, candidate.label, candidate.percent]),
    ).toEqual([
      ['squat', 'Squat', '48%'],
      ['hip_hinge', 'Hip hinge / deadlift', '31%'],
    ]);
    expect(candidatesSentence(question)).toBe(
      'Most likely Squat (48%) or Hip hinge / deadlift (31%).',
    );
    // Nothing to ask: a rubric was applied, the coach chose, or nothing came close.
    expect(movementQuestion({ ...unsure, movement: 'squat' })).toEqual([]);
    expect(movementQuestion({ ...unsure, movementSource: 'chosen' })).toEqual([]);
    expect(movementQuestion({ ...unsure, candidates: undefined })).toEqual([]);
  });

  it('says where the camera stood', () => {
    expect(cameraViewLine('side')).toBe('Filmed side-on');
    expect(cameraViewLine('down_the_line')).toBe('Filmed down the line');
    expect(cameraViewLine('behind')).toBe('Filmed from behind');
    expect(cameraViewLine('unknown')).toBe('Camera angle could not be told');
  });

  it('says the timing and who set it', () => {
    expect(timingLine({ slowMotionFactor: 4, source: 'container' })).toBe(
      "Slow motion ×4, from the file's metadata",
    );
    expect(timingLine({ slowMotionFactor: 2.5, source: 'coach' })).toBe(
      'Slow motion ×2.5, set by the coach',
    );
    expect(timingLine({ slowMotionFactor: 1, source: 'coach' })).toBe(
      'Real time, set by the coach',
    );
    expect(timingLine({ slowMotionFactor: null, source: null })).toBe(
      'Real time: nothing in the file says slow motion',
    );
    expect(timingLine(undefined)).toBe('Real time: nothing in the file says slow motion');
    expect(timingLine({ slowMotionFactor: 2.46, source: 'detected' })).toBe(
      'Played back about 2.5× slower than real time (read from the movement)',
    );
  });

  it("shows the coach's own factor in the picker, else what the file says", () => {
    expect(slowMotionChoice({ slowMotionFactor: 4, source: 'coach' })).toBe('4');
    expect(slowMotionChoice({ slowMotionFactor: 1, source: 'coach' })).toBe('1');
    expect(slowMotionChoice({ slowMotionFactor: 4, source: 'container' })).toBe('file');
    expect(slowMotionChoice({ slowMotionFactor: null, source: null })).toBe('file');
    expect(slowMotionChoice(undefined)).toBe('file');
    // Read from the movement: FilmRoom's own reading until the coach corrects it.
    expect(slowMotionChoice({ slowMotionFactor: 2.5, source: 'detected' })).toBe('file');
  });

  it('offers the usual factors, and an unusual one the coach set', () => {
    const usual = slowMotionChoices({ slowMotionFactor: 4, source: 'coach' });
    expect(usual.map((choice) => choice.label)).toEqual([
      'As the file says',
      'Real time',
      '2x',
      '4x',
      '8x',
    ]);
    expect(slowMotionChoices({ slowMotionFactor: 3, source: 'coach' }).at(-1)).toEqual({
      value: '3',
      label: '3x',
    });
    expect(slowMotionChoices({ slowMotionFactor: 2.5, source: 'detected' })[0]).toEqual({
      value: 'file',
      label: 'As read from the movement',
    });
  });

  it('sends a factor, or null for what the file says, that the server accepts', () => {
    expect(slowMotionBody('8')).toEqual({ slowMotionFactor: 8 });
    expect(slowMotionBody('file')).toEqual({ slowMotionFactor: null });
    for (const choice of slowMotionChoices(undefined)) {
      expect(contract.regenerateBodySchema.safeParse(slowMotionBody(choice.value)).success).toBe(
        true,
      );
    }
  });

  it('marks metrics met or missed; an untargeted one has no mark', () => {
    expect(metricMark('ok')).toBe('On target');
    expect(metricMark('fault')).toBe('Needs work');
    expect(metricMark('info')).toBeNull();
  });
});
