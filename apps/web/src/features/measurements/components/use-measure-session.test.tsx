import type { Measurement } from '@filmroom/contract';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withApiServer } from '@/testing/api-server';
import { renderInApp } from '@/testing/render-in-app';
import { applyMeasurementEventToCache } from '../api/measurement-events';
import { useMeasureSession, type MeasureSessionInput } from './use-measure-session';

const api = withApiServer();
const VIDEO_ID = '00000000-0000-4000-8000-000000000001';

const stillPlayer = () => ({
  currentTime: () => 0,
  pause: vi.fn(),
  seekTo: vi.fn(),
  markedRange: () => null,
  reveal: vi.fn(),
});

function renderSession(player: MeasureSessionInput['player'], active = false) {
  const session: { current?: ReturnType<typeof useMeasureSession> } = {};
  function Probe() {
    session.current = useMeasureSession({
      videoId: VIDEO_ID,
      src: null,
      picture: { width: 1280, height: 720 },
      duration: 10,
      poses: undefined,
      slowMotionFactor: null,
      active,
      player,
    });
    return null;
  }
  const { client } = renderInApp(<Probe />);
  return { session, client };
}

/** A bar path saved by another editor, with its samples' x at `x` percent. */
const barPathAt = (x: number): Measurement => ({
  id: '00000000-0000-4000-8000-000000000010',
  videoId: VIDEO_ID,
  name: 'Bar path',
  calibration: { from: { x: 10, y: 10 }, to: { x: 20, y: 10 }, metres: 0.45 },
  slowMotionFactor: null,
  subject: {
    kind: 'tracked-point',
    samples: [
      { t: 0, x, y: 40 },
      { t: 0.5, x, y: 50 },
    ],
  },
  user: { id: '00000000-0000-4000-8000-000000000002', name: 'Coach', avatarUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the measure session', () => {
  it('brings the picture into view when a mode waits for clicks on it', () => {
    const player = {
      currentTime: () => 0,
      pause: vi.fn(),
      seekTo: vi.fn(),
      markedRange: () => null,
      reveal: vi.fn(),
    };
    const { session } = renderSession(player);
    for (const mode of ['calibrating', 'cornering', 'picking'] as const) {
      act(() => session.current!.setMode(mode));
      expect(session.current!.mode).toBe(mode);
    }
    expect(player.reveal).toHaveBeenCalledTimes(3);
    act(() => session.current!.setMode('idle'));
    expect(player.reveal).toHaveBeenCalledTimes(3);
  });
});

describe('the measure session, live', () => {
  const measurementsPath = `/api/videos/${VIDEO_ID}/measurements`;
  const changed = { videoId: VIDEO_ID, change: 'updated', measurementId: barPathAt(0).id } as const;

  it("follows another editor's saves, changes and deletions while nothing here is unsaved", async () => {
    api.json(measurementsPath, 200, [barPathAt(46)]);
    const { session, client } = renderSession(stillPlayer(), true);
    await waitFor(() => expect(session.current!.barTrack?.[0]?.x).toBe(46));

    api.json(measurementsPath, 200, [barPathAt(47)]);
    await act(() => applyMeasurementEventToCache(client, changed));
    await waitFor(() => expect(session.current!.barTrack?.[0]?.x).toBe(47));
    expect(session.current!.metresText).toBe('0.45');

    api.json(measurementsPath, 200, []);
    await act(() => applyMeasurementEventToCache(client, { ...changed, change: 'deleted' }));
    await waitFor(() => expect(session.current!.barTrack).toBeNull());
    expect(session.current!.line).toBeNull();
  });

  it('keeps what the coach changed here and has not saved', async () => {
    api.json(measurementsPath, 200, [barPathAt(46)]);
    const { session, client } = renderSession(stillPlayer(), true);
    await waitFor(() => expect(session.current!.barTrack?.[0]?.x).toBe(46));
    act(() => session.current!.setMetresText('0.5'));

    api.json(measurementsPath, 200, [barPathAt(47)]);
    await act(() => applyMeasurementEventToCache(client, changed));
    await waitFor(() =>
      expect(client.getQueryData<Measurement[]>([measurementsPath])?.[0]).toEqual(barPathAt(47)),
    );
    expect(session.current!.barTrack?.[0]?.x).toBe(46);
    expect(session.current!.metresText).toBe('0.5');
  });

  it('adds afresh, on Save, a measurement another editor deleted meanwhile', async () => {
    const added = { ...barPathAt(46), id: '00000000-0000-4000-8000-000000000011' };
    const posted: unknown[] = [];
    // The list still has it when the tab opens; its own address is gone (404) by the Save.
    api.answer(measurementsPath, (request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        if (request.method === 'POST') posted.push(JSON.parse(text));
        response
          .writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' })
          .end(JSON.stringify(request.method === 'POST' ? added : [barPathAt(46)]));
      });
    });
    const { session } = renderSession(stillPlayer(), true);
    await waitFor(() => expect(session.current!.barTrack?.[0]?.x).toBe(46));
    act(() => session.current!.setMetresText('0.5'));

    await act(() => session.current!.saveAll());
    expect(posted).toMatchObject([
      { name: 'Bar path', calibration: { metres: 0.5 }, subject: { kind: 'tracked-point' } },
    ]);
    expect(session.current!.dirty).toBe(false);
  });
});
