import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/testing/render-in-app';
import { useMeasureSession, type MeasureSessionInput } from './use-measure-session';

function renderSession(player: MeasureSessionInput['player']) {
  const session: { current?: ReturnType<typeof useMeasureSession> } = {};
  function Probe() {
    session.current = useMeasureSession({
      videoId: 'video-1',
      src: null,
      picture: { width: 1280, height: 720 },
      duration: 10,
      poses: undefined,
      slowMotionFactor: null,
      active: false,
      player,
    });
    return null;
  }
  renderInApp(<Probe />);
  return session;
}

describe('the measure session', () => {
  it('brings the picture into view when a mode waits for clicks on it', () => {
    const player = {
      currentTime: () => 0,
      pause: vi.fn(),
      seekTo: vi.fn(),
      markedRange: () => null,
      reveal: vi.fn(),
    };
    const session = renderSession(player);
    for (const mode of ['calibrating', 'cornering', 'picking'] as const) {
      act(() => session.current!.setMode(mode));
      expect(session.current!.mode).toBe(mode);
    }
    expect(player.reveal).toHaveBeenCalledTimes(3);
    act(() => session.current!.setMode('idle'));
    expect(player.reveal).toHaveBeenCalledTimes(3);
  });
});
