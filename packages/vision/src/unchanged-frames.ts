import type { RgbPicture } from '@filmroom/media';

/**
 * A frame's look in brief: the mean brightness of each cell of a coarse grid. Two frames with
 * the same look show the same scene: nobody walked in, nobody moved.
 */
export type FrameLook = Float32Array;

const GRID_COLUMNS = 32;
const GRID_ROWS = 18;
/** Pixels read per cell side: enough to average out noise, a fraction of the frame's bytes. */
const SAMPLES_PER_SIDE = 4;

/**
 * Largest change of one cell's mean brightness (0-255) still taken as "unchanged". A person
 * entering a 640 px frame covers whole cells (20 px each) and moves their mean by tens of
 * levels; encoder noise on a still picture moves it by one or two.
 */
const MAX_CELL_CHANGE = 4;

export function frameLook(picture: RgbPicture): FrameLook {
  const { width, height, data } = picture;
  const look = new Float32Array(GRID_COLUMNS * GRID_ROWS);
  for (let row = 0; row < GRID_ROWS; row++) {
    for (let column = 0; column < GRID_COLUMNS; column++) {
      let sum = 0;
      for (let sy = 0; sy < SAMPLES_PER_SIDE; sy++) {
        const y = Math.floor(((row + (sy + 0.5) / SAMPLES_PER_SIDE) * height) / GRID_ROWS);
        for (let sx = 0; sx < SAMPLES_PER_SIDE; sx++) {
          const x = Math.floor(((column + (sx + 0.5) / SAMPLES_PER_SIDE) * width) / GRID_COLUMNS);
          const at = (Math.min(y, height - 1) * width + Math.min(x, width - 1)) * 3;
          // Rec. 601 luma: what "brighter" means to the eye (and to the detector's training).
          sum += 0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]!;
        }
      }
      look[row * GRID_COLUMNS + column] = sum / (SAMPLES_PER_SIDE * SAMPLES_PER_SIDE);
    }
  }
  return look;
}

export function sameLook(a: FrameLook, b: FrameLook): boolean {
  for (let i = 0; i < a.length; i++) {
    if (Math.abs(a[i]! - b[i]!) > MAX_CELL_CHANGE) return false;
  }
  return true;
}
