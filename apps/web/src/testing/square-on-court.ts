import type { CalibrationPlane } from '@filmroom/contract';

/**
 * A 4 × 8 m court rectangle seen square-on: corner 1 at (10, 10) percent of the picture, the
 * 4 m side across to (50, 10), the 8 m side along to (50, 90). On a 1000 × 1000 picture that is
 * 100 px a metre both ways.
 */
export const SQUARE_ON_COURT: CalibrationPlane = {
  basis: 'plane',
  corners: [
    { x: 10, y: 10 },
    { x: 50, y: 10 },
    { x: 50, y: 90 },
    { x: 10, y: 90 },
  ],
  across: 4,
  along: 8,
};
