import type { VideoDetail } from '@filmroom/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import type { CompareMoment } from '../lib/compare-url';
import { FRAME_SECONDS } from '../lib/sync';
import { CompareSession } from './compare-session';

function playable(id: string, title: string, duration: number): VideoDetail & { url: string } {
  return {
    id,
    title,
    description: null,
    url: `/uploads/videos/${id}/media.mp4`,
    streamUrl: null,
    storyboardUrl: null,
    posterUrl: null,
    thumbnailUrl: null,
    status: 'ready',
    progress: 100,
    failureReason: null,
    duration,
    width: 1280,
    height: 720,
    createdAt: '2026-01-01T00:00:00.000Z',
    isShared: false,
    accessLevel: null,
    sharedBy: null,
    analysisState: null,
    analysis: null,
    suggestedPrompts: [],
  };
}

const videoA = playable('6f0c1a52-0000-4000-8000-00000000000a', 'Monday squats', 20);
const videoB = playable('6f0c1a52-0000-4000-8000-00000000000b', 'Friday squats', 30);

/** The Compare page's session, its sync points kept as the address keeps them. */
function Comparison({ syncA, syncB }: { syncA: number; syncB: number }) {
  const [moments, setMoments] = useState<{ a: CompareMoment; b: CompareMoment }>({
    a: { videoId: videoA.id, seconds: syncA },
    b: { videoId: videoB.id, seconds: syncB },
  });
  return (
    <CompareSession
      videoA={videoA}
      videoB={videoB}
      a={moments.a}
      b={moments.b}
      overlay={false}
      onChange={({ a, b }) => setMoments({ a, b })}
      onChangeVideo={() => undefined}
    />
  );
}

/** Both sides at their sync points 2 s and 5 s in: shared time 0 is those two frames. */
function renderComparison() {
  renderInApp(<Comparison syncA={2} syncB={5} />);
  const side = (name: string) => screen.getByLabelText(name) as HTMLVideoElement;
  return {
    a: side('A: Monday squats'),
    b: side('B: Friday squats'),
    user: userEvent.setup({ delay: null }),
  };
}

describe('the compare view', () => {
  it('puts both sides on their own frame of the same shared moment', async () => {
    const { a, b } = renderComparison();
    expect([a.currentTime, b.currentTime]).toEqual([2, 5]);

    fireEvent.change(screen.getByRole('slider', { name: 'Shared timeline' }), {
      target: { value: '3' },
    });
    expect([a.currentTime, b.currentTime]).toEqual([5, 8]);

    // Before A's start the shared time stops: A has no picture there.
    fireEvent.change(screen.getByRole('slider', { name: 'Shared timeline' }), {
      target: { value: '-4' },
    });
    expect([a.currentTime, b.currentTime]).toEqual([0, 3]);
  });

  it('steps both a frame at a time', async () => {
    const { a, b, user } = renderComparison();
    await user.click(screen.getByRole('button', { name: 'Next frame on both' }));
    await user.click(screen.getByRole('button', { name: 'Next frame on both' }));
    expect(a.currentTime).toBeCloseTo(2 + 2 * FRAME_SECONDS);
    expect(b.currentTime).toBeCloseTo(5 + 2 * FRAME_SECONDS);
    await user.click(screen.getByRole('button', { name: 'Previous frame on both' }));
    expect(b.currentTime - a.currentTime).toBeCloseTo(3);
  });

  it('plays and pauses both, and at one speed', async () => {
    const { a, b, user } = renderComparison();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Playback speed' }), '0.5');
    expect([a.playbackRate, b.playbackRate]).toEqual([0.5, 0.5]);

    await user.click(screen.getByRole('button', { name: 'Play both' }));
    expect([a.paused, b.paused]).toEqual([false, false]);
    await user.click(screen.getByRole('button', { name: 'Pause both' }));
    expect([a.paused, b.paused]).toEqual([true, true]);
  });

  it('keeps B with A while playing, and puts B on A’s frame when paused', async () => {
    const { a, b, user } = renderComparison();
    await user.click(screen.getByRole('button', { name: 'Play both' }));

    // A plays on to 6 s; B fell behind (a stalled read) and is brought to its own 9 s.
    a.currentTime = 6;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(b.currentTime).toBeCloseTo(9);

    a.currentTime = 7.5;
    b.currentTime = 10.2;
    await user.click(screen.getByRole('button', { name: 'Pause both' }));
    expect(b.currentTime).toBeCloseTo(10.5);
  });

  it('moves one side alone by frames, and lines both up again on a marked frame', async () => {
    const { a, b, user } = renderComparison();
    const slider = () =>
      screen.getByRole('slider', { name: 'Shared timeline' }) as HTMLInputElement;
    fireEvent.change(slider(), { target: { value: '1' } });

    // B alone: its sync point moves with it, the shared time stays.
    for (let step = 0; step < 3; step += 1) {
      await user.click(screen.getByRole('button', { name: 'Move B forward one frame' }));
    }
    expect(a.currentTime).toBe(3);
    expect(b.currentTime).toBeCloseTo(6 + 3 * FRAME_SECONDS);
    expect(slider().value).toBe('1');

    // This frame of A is the new moment both line up on; B goes to its own (nudged) one.
    await user.click(screen.getByRole('button', { name: 'Mark sync point on A' }));
    expect(slider().value).toBe('0');
    expect(a.currentTime).toBe(3);
    expect(b.currentTime).toBeCloseTo(5 + 3 * FRAME_SECONDS);
    await user.click(screen.getByRole('button', { name: 'Next frame on both' }));
    expect(a.currentTime).toBeCloseTo(3 + FRAME_SECONDS);
    expect(b.currentTime).toBeCloseTo(5 + 4 * FRAME_SECONDS);
  });
});
