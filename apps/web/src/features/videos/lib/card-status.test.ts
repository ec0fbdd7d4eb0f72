import { describe, expect, it } from 'vitest';
import { cardStatusOf, hasAnalysis } from './card-status';
import { testVideo } from './test-video';

const id = '6f0c1a52-0000-4000-8000-000000000001';

describe('cardStatusOf', () => {
  it('says Preparing while the file is prepared, and why it failed', () => {
    expect(cardStatusOf(testVideo({ progress: 30 }))).toEqual({ kind: 'preparing', progress: 30 });
    expect(cardStatusOf(testVideo({ status: 'failed', failureReason: 'Not a video' }))).toEqual({
      kind: 'failed',
      reason: 'Not a video',
      stage: 'preparing',
    });
  });

  it('says Analysing with the scan’s progress, Failed with its reason, then Ready', () => {
    const ready = testVideo({ status: 'ready', progress: 100 });
    expect(cardStatusOf(ready)).toEqual({ kind: 'analysing', progress: null });
    const scanning = { id, status: 'scanning' as const, progress: 42, failureReason: null };
    expect(cardStatusOf({ ...ready, analysisState: scanning })).toEqual({
      kind: 'analysing',
      progress: 42,
    });
    expect(
      cardStatusOf({
        ...ready,
        analysisState: { ...scanning, status: 'failed', failureReason: 'No one in view' },
      }),
    ).toEqual({ kind: 'failed', reason: 'No one in view', stage: 'analysis' });
    const analysed = { ...ready, analysisState: { ...scanning, status: 'ready' as const } };
    expect(cardStatusOf(analysed)).toEqual({ kind: 'ready' });
    expect(hasAnalysis(analysed)).toBe(true);
    expect(hasAnalysis({ ...ready, analysisState: scanning })).toBe(false);
  });
});
