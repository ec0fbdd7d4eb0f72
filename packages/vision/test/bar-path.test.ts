import { decodeFrames } from '@filmroom/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { grayFrom, PointTracker, type GrayFrame } from '../src/point-tracker';
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

/** The clip's frames from the pick to past the second bottom, decoded once for both tests. */
async function squatFrames() {
  const frames: { t: number; gray: GrayFrame }[] = [];
  for await (const frame of decodeFrames(fixture('video/squat_side-barbell-studio.mp4'), {
    width: 620,
    ranges: [{ from: START.t, to: 4.6 }],
  })) {
    frames.push({ t: frame.t, gray: grayFrom(frame.data, frame.width, frame.height, 3) });
  }
  return frames;
}

/** The tracked point nearest each hand-marked frame is on the hub. */
function expectOnTheMarks(
  found: readonly { t: number; x: number; y: number }[],
  marks: readonly (typeof MARKED)[number][] = MARKED,
) {
  for (const mark of marks) {
    const near = found.reduce((best, point) =>
      Math.abs(point.t - mark.t) < Math.abs(best.t - mark.t) ? point : best,
    );
    const off = Math.hypot(near.x - mark.x, near.y - mark.y);
    console.info(
      `${mark.what} at ${mark.t}s: tracked ${near.x.toFixed(0)},${near.y.toFixed(0)} (${off.toFixed(1)} px off)`,
    );
    expect(off, mark.what).toBeLessThan(TOLERANCE_PX);
  }
}

describe('PointTracker on the squat fixture', () => {
  let frames: Awaited<ReturnType<typeof squatFrames>>;
  beforeAll(async () => {
    frames = await squatFrames();
  }, 60_000);

  it('follows the end of the bar through two reps', () => {
    const [first, ...rest] = frames;
    const tracker = new PointTracker(first!.gray, START);
    expectOnTheMarks([
      { t: first!.t, x: START.x, y: START.y },
      ...rest.map((frame) => ({ t: frame.t, ...tracker.next(frame.gray) })),
    ]);
  });

  it('keeps to the hub when a loaded browser hands it only one frame in eight', () => {
    // 0.27 s between looks: the bar starting down moves further than the search window, and
    // before the wider look for a lost point the track slid onto the plate's rim for good.
    const [first] = frames;
    const tracker = new PointTracker(first!.gray, START, { t: first!.t });
    const sparse = frames.filter((_, index) => index > 0 && index % 8 === 0);
    const found = [
      { t: first!.t, x: START.x, y: START.y },
      ...sparse.map((frame) => ({ t: frame.t, ...tracker.next(frame.gray, frame.t) })),
    ];
    // Only the bottoms: there the bar is still, so the look nearest each (up to 0.13 s away)
    // must be on the hub; at the lockout the nearest looks catch the bar still rising.
    expectOnTheMarks(
      found,
      MARKED.filter((mark) => mark.what.endsWith('bottom')),
    );
  });
});
