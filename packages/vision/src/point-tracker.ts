/**
 * Follows one point the coach picks (the end of a bar, a ball) from frame to frame by template
 * matching: the patch around the point on the first frame is looked for in a window around
 * where the point is expected next, scored by normalised cross-correlation so a change of
 * light does not move it. Pure data in and out: it runs in the browser's web worker and in
 * Node's tests alike, and imports nothing.
 */

/** A picture as one brightness byte (or number) a pixel, rows top to bottom. */
export type GrayFrame = {
  width: number;
  height: number;
  data: ArrayLike<number>;
};

type Point = { x: number; y: number };

export type TrackedPoint = Point & {
  /** Normalised cross-correlation of the best match, from -1 to 1; below 0.5 it is a guess. */
  score: number;
};

export type PointTrackerOptions = {
  /** Half the template's side in pixels (a 25 px square by default). */
  templateRadius?: number;
  /** How far from the expected place to look, in pixels. */
  searchRadius?: number;
};

/** The coarse pass's stride in pixels. */
const COARSE_STEP = 2;

/** Below this score the template is taken afresh from the frame, so a turning plate is followed. */
const REFRESH_SCORE = 0.75;

/** Brightness a pixel from packed RGB or RGBA (Rec. 601 weights, as video luma is). */
export function grayFrom(
  pixels: ArrayLike<number>,
  width: number,
  height: number,
  channels: 3 | 4,
): GrayFrame {
  const data = new Float32Array(width * height);
  for (let i = 0, p = 0; i < data.length; i += 1, p += channels) {
    data[i] = 0.299 * pixels[p]! + 0.587 * pixels[p + 1]! + 0.114 * pixels[p + 2]!;
  }
  return { width, height, data };
}

/** The square patch of side 2r+1 centred on (cx, cy), mean taken out, or null off the frame. */
function patchAt(frame: GrayFrame, cx: number, cy: number, r: number) {
  if (cx - r < 0 || cy - r < 0 || cx + r >= frame.width || cy + r >= frame.height) return null;
  const side = 2 * r + 1;
  const values = new Float32Array(side * side);
  let sum = 0;
  for (let y = 0; y < side; y += 1) {
    const row = (cy - r + y) * frame.width + (cx - r);
    for (let x = 0; x < side; x += 1) {
      const value = frame.data[row + x]!;
      values[y * side + x] = value;
      sum += value;
    }
  }
  const mean = sum / values.length;
  let energy = 0;
  for (let i = 0; i < values.length; i += 1) {
    values[i]! -= mean;
    energy += values[i]! * values[i]!;
  }
  return { values, norm: Math.sqrt(energy) };
}

/** Normalised cross-correlation of the template with the frame's patch centred at (cx, cy). */
function correlationAt(
  frame: GrayFrame,
  template: { values: Float32Array; norm: number },
  cx: number,
  cy: number,
  r: number,
): number {
  const side = 2 * r + 1;
  let sum = 0;
  let sumSquares = 0;
  let cross = 0;
  for (let y = 0; y < side; y += 1) {
    const row = (cy - r + y) * frame.width + (cx - r);
    for (let x = 0; x < side; x += 1) {
      const value = frame.data[row + x]!;
      sum += value;
      sumSquares += value * value;
      // The template's mean is 0, so the frame patch's mean drops out of the cross term.
      cross += value * template.values[y * side + x]!;
    }
  }
  const n = side * side;
  const energy = sumSquares - (sum * sum) / n;
  if (!(energy > 1e-6) || !(template.norm > 1e-6)) return -1;
  return cross / (Math.sqrt(energy) * template.norm);
}

/** The offset of a parabola's peak through three evenly spaced scores, within ±0.5. */
function subPixel(left: number, centre: number, right: number): number {
  const curvature = left - 2 * centre + right;
  if (!(curvature < 0)) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (left - right)) / curvature));
}

export class PointTracker {
  private template: { values: Float32Array; norm: number };
  private last: Point;
  private velocity: Point = { x: 0, y: 0 };
  private readonly templateRadius: number;
  private readonly searchRadius: number;

  /** Starts at `start` (pixels of `first`): the template is the patch there. */
  constructor(first: GrayFrame, start: Point, options: PointTrackerOptions = {}) {
    this.templateRadius = options.templateRadius ?? 12;
    this.searchRadius = options.searchRadius ?? 32;
    const template = patchAt(first, Math.round(start.x), Math.round(start.y), this.templateRadius);
    if (!template) throw new RangeError('The point is too near the edge of the picture to follow');
    this.template = template;
    this.last = { ...start };
  }

  /** Where the point is on the next frame, expected where its last step would take it. */
  next(frame: GrayFrame): TrackedPoint {
    const r = this.templateRadius;
    const expectedX = Math.round(this.last.x + this.velocity.x);
    const expectedY = Math.round(this.last.y + this.velocity.y);
    const minX = Math.max(r, expectedX - this.searchRadius);
    const maxX = Math.min(frame.width - r - 1, expectedX + this.searchRadius);
    const minY = Math.max(r, expectedY - this.searchRadius);
    const maxY = Math.min(frame.height - r - 1, expectedY + this.searchRadius);
    // Coarse to fine: every other position first (a patch's correlation peak is wider than two
    // pixels), then the eight around the best. A seventh of the work of trying them all, which
    // is what lets 300 frames of 1080p follow in a couple of seconds.
    let best = { x: this.last.x, y: this.last.y, score: -Infinity };
    const consider = (x: number, y: number) => {
      if (x < minX || x > maxX || y < minY || y > maxY) return;
      const score = correlationAt(frame, this.template, x, y, r);
      if (score > best.score) best = { x, y, score };
    };
    for (let y = minY; y <= maxY; y += COARSE_STEP) {
      for (let x = minX; x <= maxX; x += COARSE_STEP) consider(x, y);
    }
    const coarse = { ...best };
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1)
        if (dx !== 0 || dy !== 0) consider(coarse.x + dx, coarse.y + dy);
    }
    if (best.score === -Infinity) return { ...this.last, score: 0 };

    const scoreAt = (x: number, y: number) =>
      x < minX || x > maxX || y < minY || y > maxY
        ? best.score
        : correlationAt(frame, this.template, x, y, r);
    const point = {
      x: best.x + subPixel(scoreAt(best.x - 1, best.y), best.score, scoreAt(best.x + 1, best.y)),
      y: best.y + subPixel(scoreAt(best.x, best.y - 1), best.score, scoreAt(best.x, best.y + 1)),
    };
    this.velocity = { x: point.x - this.last.x, y: point.y - this.last.y };
    this.last = point;
    if (best.score < REFRESH_SCORE) {
      const refreshed = patchAt(frame, best.x, best.y, r);
      if (refreshed) this.template = refreshed;
    }
    return { ...point, score: best.score };
  }
}
