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

/** Above this the picked patch itself is trusted; below it the last good look is tried too. */
const ORIGINAL_FITS = 0.7;
/** A match this good becomes the last good look. */
const RECENT_LEARNS = 0.8;
/**
 * Below this the point is probably outside the window: a browser under load hands the worker
 * one frame in six or eight, and a bar starting down moves further than its last step said.
 * The picked patch is then looked for in a window this many times wider.
 */
const REACQUIRE_BELOW = 0.6;
const REACQUIRE_WIDER = 3;

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

type Template = { values: Float32Array; norm: number };
type Match = Point & { score: number };

/** The best place for `template` in the window, coarse then fine, to a pixel. */
function bestMatch(
  frame: GrayFrame,
  template: Template,
  r: number,
  window: { minX: number; maxX: number; minY: number; maxY: number },
): Match | null {
  const { minX, maxX, minY, maxY } = window;
  const found: { best: Match | null } = { best: null };
  const consider = (x: number, y: number) => {
    if (x < minX || x > maxX || y < minY || y > maxY) return;
    const score = correlationAt(frame, template, x, y, r);
    if (!found.best || score > found.best.score) found.best = { x, y, score };
  };
  // Coarse to fine: every other position first (a patch's correlation peak is wider than two
  // pixels), then the eight around the best. A seventh of the work of trying them all, which
  // is what lets 300 frames of 1080p follow in a couple of seconds.
  for (let y = minY; y <= maxY; y += COARSE_STEP) {
    for (let x = minX; x <= maxX; x += COARSE_STEP) consider(x, y);
  }
  const coarse = found.best;
  if (!coarse) return null;
  for (let dy = -1; dy <= 1; dy += 1) {
    for (let dx = -1; dx <= 1; dx += 1) {
      if (dx !== 0 || dy !== 0) consider(coarse.x + dx, coarse.y + dy);
    }
  }
  return found.best;
}

export class PointTracker {
  /** The patch the coach picked: matched first on every frame, so the track cannot creep. */
  private readonly original: Template;
  /** The patch where the point was last found well: for frames the original no longer fits. */
  private recent: Template;
  private last: Point;
  /** Pixels per step, a step being one frame or, with times given, one second. */
  private velocity: Point = { x: 0, y: 0 };
  private lastTime: number | null = null;
  private readonly templateRadius: number;
  private readonly searchRadius: number;

  /** Starts at `start` (pixels of `first`): the template is the patch there. */
  constructor(first: GrayFrame, start: Point, options: PointTrackerOptions & { t?: number } = {}) {
    this.lastTime = options.t ?? null;
    // About a plate's hub with some plate around it at any picture size.
    this.templateRadius =
      options.templateRadius ?? Math.max(12, Math.round(Math.min(first.width, first.height) / 32));
    this.searchRadius = options.searchRadius ?? Math.max(32, this.templateRadius * 2);
    const template = patchAt(first, Math.round(start.x), Math.round(start.y), this.templateRadius);
    if (!template) throw new RangeError('The point is too near the edge of the picture to follow');
    this.original = template;
    this.recent = template;
    this.last = { ...start };
  }

  /** Where the point is on the next frame, expected where its last step would take it. */
  /**
   * With `t` (seconds), the expectation scales with the time since the last frame: a browser
   * that skips frames under load must not send the search window behind a fast bar.
   */
  next(frame: GrayFrame, t?: number): TrackedPoint {
    const r = this.templateRadius;
    const steps = t !== undefined && this.lastTime !== null ? t - this.lastTime : 1;
    const expectedX = Math.round(this.last.x + this.velocity.x * steps);
    const expectedY = Math.round(this.last.y + this.velocity.y * steps);
    const windowOf = (radius: number) => ({
      minX: Math.max(r, expectedX - radius),
      maxX: Math.min(frame.width - r - 1, expectedX + radius),
      minY: Math.max(r, expectedY - radius),
      maxY: Math.min(frame.height - r - 1, expectedY + radius),
    });
    let window = windowOf(this.searchRadius);
    let template = this.original;
    let best = bestMatch(frame, this.original, r, window);
    if (!best) return { ...this.last, score: 0 };
    if (best.score < REACQUIRE_BELOW) {
      // Lost, most likely by a jump: the picked patch, further afield (as costly as nine
      // ordinary frames, and only on frames like this one).
      const wider = windowOf(this.searchRadius * REACQUIRE_WIDER);
      const found = bestMatch(frame, this.original, r, wider);
      if (found && found.score > best.score) {
        best = found;
        window = wider;
      }
    }
    if (best.score < ORIGINAL_FITS) {
      // Turned, blurred or half hidden: the look it had a moment ago may fit better.
      const recent = bestMatch(frame, this.recent, r, window);
      if (recent && recent.score > best.score) {
        best = recent;
        template = this.recent;
      }
    }
    const found = best;
    const scoreAt = (x: number, y: number) =>
      x < window.minX || x > window.maxX || y < window.minY || y > window.maxY
        ? found.score
        : correlationAt(frame, template, x, y, r);
    const point = {
      x:
        found.x +
        subPixel(scoreAt(found.x - 1, found.y), found.score, scoreAt(found.x + 1, found.y)),
      y:
        found.y +
        subPixel(scoreAt(found.x, found.y - 1), found.score, scoreAt(found.x, found.y + 1)),
    };
    const span = steps > 0 ? steps : 1;
    this.velocity = { x: (point.x - this.last.x) / span, y: (point.y - this.last.y) / span };
    if (t !== undefined) this.lastTime = t;
    this.last = point;
    // Only a confident match teaches the tracker a new look: a doubtful one would let it drift.
    if (found.score >= RECENT_LEARNS) {
      const refreshed = patchAt(frame, found.x, found.y, r);
      if (refreshed) this.recent = refreshed;
    }
    return { ...point, score: found.score };
  }
}
