import type { Video, VideoEvent } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { testVideo } from './test-video';
import { applyVideoEvent, applyVideoEventToList, isFinalEvent } from './video-events';

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
