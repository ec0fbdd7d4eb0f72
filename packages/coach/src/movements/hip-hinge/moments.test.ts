import { describe, expect, it } from 'vitest';
import { departure } from './moments';

// The bar's height (trunk lengths, up positive) around a lift-off, from the eval's real scans:
// the set-up's last samples, then the pull. The search starts at the last sample at the floor.
const pulls = [
  {
    clip: 'deadlift_side-barbell-studio, second lift (24 fps, side)',
    level: -3.4034,
    times: [6.381, 6.423, 6.465, 6.507, 6.548, 6.59, 6.632, 6.673, 6.715, 6.757, 6.798, 6.84],
    values: [
      -3.4111, -3.414, -3.4018, -3.3865, -3.362, -3.3372, -3.2419, -3.2756, -3.1806, -3.1618,
      -3.1126, -3.0789,
    ],
    liftOff: 6.42,
    tolerance: 0.08,
  },
  {
    // A wrist's flicker puts the second sample of the pull back within the jitter.
    clip: 'deadlift_front-barbell-garage, third lift (30 fps, front)',
    level: -3.6887,
    times: [12, 12.2, 12.4, 12.6, 12.8, 12.833, 12.867, 12.9, 12.933, 12.967, 13, 13.033],
    values: [
      -3.7521, -3.7204, -3.6887, -3.7284, -3.6093, -3.665, -3.6016, -3.5619, -3.5142, -3.4508,
      -3.4269, -3.3714,
    ],
    liftOff: 12.77,
    tolerance: 0.05,
  },
];

describe('the bar leaving the floor', () => {
  it.each(pulls)(
    'is placed within the label’s tolerance when the pull starts within the jitter: $clip',
    ({ level, times, values, liftOff, tolerance }) => {
      const found = departure({ times, values }, 3, times.length - 1, level, 1, true);
      expect(found).toBeDefined();
      expect(Math.abs(found! - liftOff)).toBeLessThanOrEqual(tolerance);
    },
  );
});
