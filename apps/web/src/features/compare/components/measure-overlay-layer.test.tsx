import { measurementOverlays, type Measurement } from '@filmroom/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
