import * as contract from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import {
  cameraViewLine,
  metricMark,
  movementLine,
  slowMotionBody,
  slowMotionChoice,
  slowMotionChoices,
  timingLine,
} from './movement-reading';

describe('movement reading', () => {
  it('says what was detected with its confidence, or that the coach chose it', () => {
    expect(
      movementLine({ movementLabel: 'Golf swing', movementSource: 'detected', confidence: 0.856 }),
    ).toBe('Golf swing · detected 86%');
    expect(
      movementLine({ movementLabel: 'Golf swing', movementSource: 'chosen', confidence: 1 }),
    ).toBe('Golf swing · chosen by the coach');
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
  });

  it("shows the coach's own factor in the picker, else what the file says", () => {
    expect(slowMotionChoice({ slowMotionFactor: 4, source: 'coach' })).toBe('4');
    expect(slowMotionChoice({ slowMotionFactor: 1, source: 'coach' })).toBe('1');
    expect(slowMotionChoice({ slowMotionFactor: 4, source: 'container' })).toBe('file');
    expect(slowMotionChoice({ slowMotionFactor: null, source: null })).toBe('file');
    expect(slowMotionChoice(undefined)).toBe('file');
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
