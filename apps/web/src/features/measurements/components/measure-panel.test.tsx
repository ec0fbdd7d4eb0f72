import { aboveGroundSentence, OFF_GROUND_NOTE, type Measurement } from '@filmroom/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withApiServer } from '@/testing/api-server';
import { hopFootTrack, hopPoses } from '@/testing/hop-poses';
import { renderInApp } from '@/testing/render-in-app';
import { SQUARE_ON_COURT } from '@/testing/square-on-court';
import { MeasurePanel } from './measure-panel';
import { useMeasureSession } from './use-measure-session';

const api = withApiServer();
const VIDEO_ID = '00000000-0000-4000-8000-000000000001';
const poses = hopPoses({ x: 30, y: 70 });

/** A foot tracked through the hop, saved on a court rectangle. */
const footOnCourt: Measurement = {
  id: '00000000-0000-4000-8000-000000000010',
  videoId: VIDEO_ID,
  name: 'Bar path',
  calibration: SQUARE_ON_COURT,
  slowMotionFactor: null,
  subject: { kind: 'tracked-point', samples: hopFootTrack({ x: 30, y: 70 }) },
  user: { id: '00000000-0000-4000-8000-000000000002', name: 'Coach', avatarUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function Harness({ currentTime }: { currentTime: number }) {
  const session = useMeasureSession({
    videoId: VIDEO_ID,
    src: null,
    picture: { width: 1000, height: 1000 },
    duration: 3,
    poses,
    slowMotionFactor: null,
    active: true,
    player: {
      currentTime: () => currentTime,
      pause: vi.fn(),
      seekTo: vi.fn(),
      markedRange: () => null,
      reveal: vi.fn(),
    },
  });
  return (
    <MeasurePanel
      session={session}
      editable={false}
      poses={{ available: true, isPending: false, isError: false, refetch: vi.fn() }}
      duration={3}
      currentTime={currentTime}
      onSeek={vi.fn()}
      videoTitle="Hop"
      athletes={[]}
    />
  );
}

describe('the Measure panel on a court rectangle', () => {
  it('says where the tracked point is off the ground, and that the speed then is not on the court', async () => {
    api.json(`/api/videos/${VIDEO_ID}/measurements`, 200, [footOnCourt]);
    renderInApp(<Harness currentTime={1.2} />);
    const note = await screen.findByTestId('off-ground');
    expect(note.textContent).toMatch(/^Off the ground at 0:01\.0–0:01\.4: distances and speeds/);
    expect(screen.getByText(OFF_GROUND_NOTE)).toBeTruthy();
    // The peak is the landing, back on the ground.
    expect(screen.getByTestId('peak-when').textContent).toBe('at 0:01.5');
  });

  it('says so in the peak speed’s card when the fastest moment is in the air', async () => {
    // The foot kicks out sideways in the air, fastest mid-flight.
    const kick = hopFootTrack({ x: 30, y: 70 }).map((sample) =>
      sample.t > 1.1 && sample.t < 1.4
        ? { ...sample, x: sample.x + 40 * Math.sin(((sample.t - 1.1) / 0.3) * Math.PI) }
        : sample,
    );
    api.json(`/api/videos/${VIDEO_ID}/measurements`, 200, [
      { ...footOnCourt, subject: { kind: 'tracked-point', samples: kick } },
    ]);
    renderInApp(<Harness currentTime={0.5} />);
    expect((await screen.findByTestId('peak-when')).textContent).toMatch(
      new RegExp(`^at 0:01\\.[1-3], ${OFF_GROUND_NOTE}$`),
    );
  });

  it('reads the speed now in the calibrated plane at a moment the point is on the ground', async () => {
    api.json(`/api/videos/${VIDEO_ID}/measurements`, 200, [footOnCourt]);
    renderInApp(<Harness currentTime={0.5} />);
    await waitFor(() => expect(screen.getByTestId('peak-speed')).toBeTruthy());
    expect(screen.getByText('in the calibrated plane')).toBeTruthy();
  });

  it('says nothing of the plane under the dash past the end of the track', async () => {
    api.json(`/api/videos/${VIDEO_ID}/measurements`, 200, [footOnCourt]);
    renderInApp(<Harness currentTime={2.9} />);
    expect((await screen.findByTestId('speed-now')).textContent).toBe('—');
    expect(screen.queryByText('in the calibrated plane')).toBeNull();
  });
});

describe('the Measure panel with a joint path on a court rectangle', () => {
  const jointPath = (joint: 'left_hip' | 'left_ankle'): Measurement => ({
    ...footOnCourt,
    id: '00000000-0000-4000-8000-000000000011',
    name: 'Joint path',
    subject: { kind: 'joint-path', joint },
  });

  it('warns that a hip’s distances and speeds on the court are approximate', async () => {
    api.json(`/api/videos/${VIDEO_ID}/measurements`, 200, [jointPath('left_hip')]);
    renderInApp(<Harness currentTime={0.5} />);
    const note = await screen.findByTestId('above-ground');
    expect(note.textContent).toBe(aboveGroundSentence('Left hip'));
    expect(note.textContent).toMatch(/^Left hip is above the ground: its distances and speeds/);
  });

  it('does not for the feet, which stand on the court', async () => {
    api.json(`/api/videos/${VIDEO_ID}/measurements`, 200, [jointPath('left_ankle')]);
    renderInApp(<Harness currentTime={0.5} />);
    await waitFor(() =>
      expect(screen.getByLabelText('Joint path')).toHaveProperty('value', 'left_ankle'),
    );
    expect(screen.queryByTestId('above-ground')).toBeNull();
  });
});
