import { describe, expect, it } from 'vitest';
import { measurementOverlays, overlaysNeedPoses, planeOutlines, trailAt } from './measure-overlay';
import type { Measurement } from './measurements';

const picture = { width: 1000, height: 1000 };
const base = {
  videoId: '00000000-0000-4000-8000-000000000001',
  user: { id: '00000000-0000-4000-8000-000000000002', name: 'Coach' },
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
} as unknown as Omit<Measurement, 'id' | 'name' | 'calibration' | 'slowMotionFactor' | 'subject'>;

// 100 px of the picture is 1 m; the point rises 15 % of the picture (1.5 m) a second.
const rising: Measurement = {
  ...base,
  id: '00000000-0000-4000-8000-000000000010',
  name: 'Bar path',
  calibration: { from: { x: 10, y: 10 }, to: { x: 20, y: 10 }, metres: 1 },
  slowMotionFactor: null,
  subject: {
    kind: 'tracked-point',
    samples: Array.from({ length: 31 }, (_, i) => ({ t: i / 30, x: 50, y: 80 - (15 * i) / 30 })),
  },
};

/** The bar path measured on a court rectangle (a basketball key seen from the side). */
const KEY_CORNERS = [
  { x: 30, y: 40 },
  { x: 62, y: 40 },
  { x: 80, y: 85 },
  { x: 12, y: 85 },
] as const;
const onCourt: Measurement = {
  ...rising,
  calibration: { basis: 'plane', corners: [...KEY_CORNERS], across: 4.9, along: 5.8 },
};

describe('measurementOverlays', () => {
  it('reads a tracked point’s speed in m/s at a clip time, to the decimals the footage supports, slowed footage counted', () => {
    const [overlay] = measurementOverlays([rising], {
      poses: null,
      picture,
      slowMotionFactor: null,
    });
    expect(overlay!.path).toHaveLength(31);
    expect(overlay!.valueAt(0.5)).toBe('Bar path 1.5 m/s');
    expect(overlay!.valueAt(5)).toBeNull();
    const [slowed] = measurementOverlays([rising], { poses: null, picture, slowMotionFactor: 4 });
    expect(slowed!.valueAt(0.5)).toBe('Bar path 6.0 m/s');
  });

  it('leaves out joint paths and angles without a scan, and times a stopwatch in real seconds', () => {
    const stopwatch: Measurement = {
      ...rising,
      id: '00000000-0000-4000-8000-000000000011',
      name: 'Ground contact',
      slowMotionFactor: 2,
      subject: { kind: 'stopwatch', start: 1, end: 2 },
    };
    const angle: Measurement = {
      ...rising,
      id: '00000000-0000-4000-8000-000000000012',
      name: 'Knee',
      subject: { kind: 'angle', joints: ['left_hip', 'left_knee', 'left_ankle'] },
    };
    const overlays = measurementOverlays([angle, stopwatch], {
      poses: null,
      picture,
      slowMotionFactor: null,
    });
    expect(overlays.map((overlay) => overlay.name)).toEqual(['Ground contact']);
    expect(overlays[0]!.valueAt(0.5)).toBeNull();
    expect(overlays[0]!.valueAt(1.5)).toBe('Ground contact 0.25 s');
    expect(overlays[0]!.valueAt(3)).toBe('Ground contact 0.50 s');
  });
});

describe('planeOutlines', () => {
  it('gives each court rectangle the measurements were made on once, and none for a line', () => {
    const stopwatch: Measurement = {
      ...onCourt,
      id: '00000000-0000-4000-8000-000000000013',
      subject: { kind: 'stopwatch', start: 0, end: 1 },
    };
    const context = { poses: null, picture, slowMotionFactor: null };
    const overlays = measurementOverlays([onCourt, stopwatch], context);
    expect(overlays.map((overlay) => overlay.plane)).toEqual([KEY_CORNERS, KEY_CORNERS]);
    expect(planeOutlines(overlays)).toEqual([KEY_CORNERS]);
    expect(planeOutlines(measurementOverlays([rising], context))).toEqual([]);
  });
});

describe('trailAt', () => {
  it('keeps the last 1.5 s up to the moment', () => {
    const path = [0, 1, 2, 3].map((t) => ({ t }));
    expect(trailAt(path, 2).map((sample) => sample.t)).toEqual([1, 2]);
  });
});

describe('overlaysNeedPoses', () => {
  it('reads the scan for joints, angles and a point judged on or off a court, not for a point on a line', () => {
    const hip: Measurement = { ...rising, subject: { kind: 'joint-path', joint: 'left_hip' } };
    expect(overlaysNeedPoses([rising])).toBe(false);
    expect(overlaysNeedPoses([onCourt])).toBe(true);
    expect(overlaysNeedPoses([rising, hip])).toBe(true);
    expect(overlaysNeedPoses([])).toBe(false);
  });
});
