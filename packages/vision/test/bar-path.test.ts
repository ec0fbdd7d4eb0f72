import { decodeFrames } from '@filmroom/media';
import { describe, expect, it } from 'vitest';
import { grayFrom, PointTracker } from '../src/point-tracker';
import { fixture } from './fixtures';

/**
 * The bar path of the side-view barbell squat (620×720, 30 fps): the hub of the near plate,
 * picked on the frame before the first descent and followed through two reps, lands on the
 * hub as marked by hand on the clip's frames at the bottoms and the lockout between them.
 */
const START = { t: 1.4, x: 323, y: 204 };
const MARKED = [
  { t: 2.25, x: 357, y: 410, what: 'first bottom' },
  { t: 3.13, x: 345, y: 205, what: 'lockout' },
  { t: 4.43, x: 355, y: 410, what: 'second bottom' },
];
/** About a fifth of the plate's width: on the hub, not on the plate's rim or the lifter. */
const TOLERANCE_PX = 20;

describe('PointTracker on the squat fixture', () => {
  it('follows the end of the bar through two reps', async () => {
    const found: { t: number; x: number; y: number }[] = [];
    let tracker: PointTracker | null = null;
    for await (const frame of decodeFrames(fixture('video/squat_side-barbell-studio.mp4'), {
      width: 620,
      ranges: [{ from: START.t, to: 4.6 }],
    })) {
      const gray = grayFrom(frame.data, frame.width, frame.height, 3);
      if (!tracker) {
        tracker = new PointTracker(gray, START);
        found.push({ t: frame.t, x: START.x, y: START.y });
        continue;
      }
      found.push({ t: frame.t, ...tracker.next(gray) });
    }
    for (const mark of MARKED) {
      const near = found.reduce((best, point) =>
        Math.abs(point.t - mark.t) < Math.abs(best.t - mark.t) ? point : best,
      );
      const off = Math.hypot(near.x - mark.x, near.y - mark.y);
      console.info(
        `${mark.what} at ${mark.t}s: tracked ${near.x.toFixed(0)},${near.y.toFixed(0)} (${off.toFixed(1)} px off)`,
      );
      expect(off, mark.what).toBeLessThan(TOLERANCE_PX);
    }
  }, 60_000);
});
