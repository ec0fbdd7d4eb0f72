import type { Video, VideoEvent } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { testVideo } from './test-video';
import {
  applyAnalysisStateToList,
  applyVideoEvent,
  applyVideoEventToList,
  isFinalEvent,
} from './video-events';

const video = (id: string, overrides: Partial<Video> = {}): Video =>
  testVideo({ id, title: `Video ${id}`, ...overrides });

const event = (id: string, overrides: Partial<VideoEvent> = {}): VideoEvent => ({
  id,
  status: 'processing',
  progress: 40,
  failureReason: null,
  ...overrides,
});

describe('applyVideoEvent', () => {
  it('updates status, progress and failure reason', () => {
    const next = applyVideoEvent(
      video('a'),
      event('a', { status: 'failed', failureReason: 'Bad' }),
    );
    expect(next).toMatchObject({ status: 'failed', progress: 40, failureReason: 'Bad' });
  });

  it('keeps the same object when nothing changed, so nothing re-renders', () => {
    const same = video('a', { progress: 40 });
    expect(applyVideoEvent(same, event('a'))).toBe(same);
    const other = video('b');
    expect(applyVideoEvent(other, event('a'))).toBe(other);
  });
});

describe('applyVideoEventToList', () => {
  it('updates only the matching video', () => {
    const list = [video('a'), video('b')];
    const { videos, found } = applyVideoEventToList(list, event('b', { progress: 70 }));
    expect(found).toBe(true);
    expect(videos[0]).toBe(list[0]);
    expect(videos[1]?.progress).toBe(70);
  });

  it('says when the list does not know the video', () => {
    expect(applyVideoEventToList([video('a')], event('z')).found).toBe(false);
  });
});

describe('isFinalEvent', () => {
  it('is true for ready and failed', () => {
    expect(isFinalEvent(event('a', { status: 'ready' }))).toBe(true);
    expect(isFinalEvent(event('a', { status: 'failed' }))).toBe(true);
    expect(isFinalEvent(event('a'))).toBe(false);
  });
});

describe('applyAnalysisStateToList', () => {
  it('writes the analysis into its video’s card and leaves the others alone', () => {
    const first = testVideo({ id: '6f0c1a52-0000-4000-8000-000000000001' });
    const second = testVideo({ id: '6f0c1a52-0000-4000-8000-000000000002' });
    const state = {
      id: second.id,
      status: 'analysing' as const,
      progress: 60,
      failureReason: null,
    };
    const result = applyAnalysisStateToList([first, second], state);
    expect(result.found).toBe(true);
    expect(result.videos[0]).toBe(first);
    expect(result.videos[1]!.analysisState).toEqual(state);
    expect(applyAnalysisStateToList([first], state).found).toBe(false);
  });
});
