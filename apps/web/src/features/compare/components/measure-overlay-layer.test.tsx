import {
  ABOVE_GROUND_NOTE,
  measurementOverlays,
  OFF_GROUND_NOTE,
  type Measurement,
} from '@filmroom/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hopFootTrack, hopPoses } from '@/testing/hop-poses';
import { SQUARE_ON_COURT } from '@/testing/square-on-court';
import { MeasureOverlayLayer } from './measure-overlay-layer';

const video = { width: 1000, height: 1000 };
const bar: Measurement = {
  id: '00000000-0000-4000-8000-000000000010',
  videoId: '00000000-0000-4000-8000-000000000001',
  name: 'Bar path',
  calibration: { from: { x: 10, y: 10 }, to: { x: 20, y: 10 }, metres: 1 },
  slowMotionFactor: null,
  subject: {
    kind: 'tracked-point',
    samples: Array.from({ length: 61 }, (_, i) => ({ t: i / 30, x: 50, y: 80 - (15 * i) / 30 })),
  },
  user: { id: '00000000-0000-4000-8000-000000000002', name: 'Coach', avatarUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as Measurement;
const overlays = measurementOverlays([bar], {
  poses: null,
  picture: video,
  slowMotionFactor: null,
});

describe('MeasureOverlayLayer', () => {
  it('draws the path with its point at the side’s own time and lists the value read there', () => {
    render(
      <MeasureOverlayLayer
        side="b"
        overlays={overlays}
        time={1}
        frame={{ width: 500, height: 500 }}
        video={video}
      />,
    );
    const path = screen.getByTestId('compare-path-b');
    // At 1 s the point is 65 % down a 500 px square picture.
    const dot = path.querySelector('circle')!;
    expect(Number(dot.getAttribute('cx'))).toBeCloseTo(250);
    expect(Number(dot.getAttribute('cy'))).toBeCloseTo(325);
    const values = screen.getByRole('list', { name: 'Measurements of B at this moment' });
    expect(within(values).getByText('Bar path 1.5 m/s')).toBeTruthy();
  });

  it('shows no value past the end of the path, and nothing before the frame has a size', () => {
    const { rerender } = render(
      <MeasureOverlayLayer
        side="a"
        overlays={overlays}
        time={9}
        frame={{ width: 500, height: 500 }}
        video={video}
      />,
    );
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByTestId('compare-path-a').querySelector('circle')).toBeNull();
    rerender(
      <MeasureOverlayLayer
        side="a"
        overlays={overlays}
        time={1}
        frame={{ width: 0, height: 0 }}
        video={video}
      />,
    );
    expect(screen.queryByTestId('compare-path-a')).toBeNull();
  });

  it("draws each take's own court rectangle under its paths, where the picture sits in the frame", () => {
    const court = (corners: { x: number; y: number }[]) =>
      measurementOverlays(
        [
          {
            ...bar,
            calibration: { basis: 'plane', corners, across: 4.9, along: 5.8 },
          } as Measurement,
        ],
        { poses: null, picture: video, slowMotionFactor: null },
      );
    const nearCourt = court([
      { x: 30, y: 40 },
      { x: 62, y: 40 },
      { x: 80, y: 85 },
      { x: 12, y: 85 },
    ]);
    const farCourt = court([
      { x: 40, y: 20 },
      { x: 60, y: 20 },
      { x: 70, y: 50 },
      { x: 30, y: 50 },
    ]);
    // A square picture in a wide frame: 500 px square, 150 px in from the left.
    const frame = { width: 800, height: 500 };
    render(
      <>
        <MeasureOverlayLayer side="a" overlays={nearCourt} time={1} frame={frame} video={video} />
        <MeasureOverlayLayer side="b" overlays={farCourt} time={1} frame={frame} video={video} />
      </>,
    );
    const outline = (side: string) =>
      screen
        .getByTestId(`compare-plane-${side}`)
        .querySelectorAll('polygon')[1]!
        .getAttribute('points');
    expect(outline('a')).toBe('300,200 460,200 550,425 210,425');
    expect(outline('b')).toBe('350,100 450,100 500,250 300,250');
    // Under the path: drawn before it in the same picture.
    const layer = screen.getByTestId('compare-measurements-a');
    const order = [...layer.children].map((child) => child.getAttribute('data-testid'));
    expect(order).toEqual(['compare-plane-a', 'compare-path-a']);
  });

  it('draws no rectangle for a take calibrated on a line', () => {
    render(
      <MeasureOverlayLayer
        side="a"
        overlays={overlays}
        time={1}
        frame={{ width: 500, height: 500 }}
        video={video}
      />,
    );
    expect(screen.queryByTestId('compare-plane-a')).toBeNull();
  });
});

describe('MeasureOverlayLayer on a court rectangle', () => {
  const poses = hopPoses({ x: 30, y: 70 });
  /** What side A lists at `time` for one measurement of this take. */
  const listed = (measurement: Measurement, time: number) => {
    const layer = render(
      <MeasureOverlayLayer
        side="a"
        overlays={measurementOverlays([measurement], {
          poses,
          picture: video,
          slowMotionFactor: null,
        })}
        time={time}
        frame={{ width: 500, height: 500 }}
        video={video}
      />,
    );
    const text = screen.getByRole('list', { name: 'Measurements of A at this moment' }).textContent;
    layer.unmount();
    return text;
  };

  it('notes beside the speed where the take’s tracked point is off the ground, as the Measure tab does', () => {
    const foot = {
      ...bar,
      calibration: SQUARE_ON_COURT,
      subject: { kind: 'tracked-point', samples: hopFootTrack({ x: 30, y: 70 }) },
    } as Measurement;
    expect(listed(foot, 1.2)).toMatch(/^Bar path [\d.]+ m\/s \(off the ground\)$/);
    expect(listed(foot, 1.2)).toContain(OFF_GROUND_NOTE);
    expect(listed(foot, 0.5)).toMatch(/^Bar path [\d.]+ m\/s$/);
  });

  it('says a hip’s path on the court is approximate throughout, and not a foot’s while it stands', () => {
    const path = (joint: 'left_hip' | 'left_ankle') =>
      ({
        ...bar,
        name: 'Joint path',
        calibration: SQUARE_ON_COURT,
        subject: { kind: 'joint-path', joint },
      }) as Measurement;
    expect(listed(path('left_hip'), 0.5)).toBe(`Joint path 0.0 m/s (${ABOVE_GROUND_NOTE})`);
    expect(listed(path('left_ankle'), 0.5)).toBe('Joint path 0.0 m/s');
    expect(listed(path('left_ankle'), 1.2)).toContain(OFF_GROUND_NOTE);
  });
});
