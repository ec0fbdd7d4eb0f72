/**
 * Measuring on the picture: the numbers a calibrated video gives, shared by the player (web),
 * the tracker's truth tests (vision) and, later, the export. Points arrive as percent of the
 * picture (as drawings store them) and times as seconds of the clip; everything leaves in
 * metres, real seconds and degrees.
 */

import {
  calibratePlaneInPixels,
  planeMetres,
  planeUncertaintyAt,
  type PlaneCalibration,
} from './measure-plane';
import type { CalibrationLine, CalibrationPlane, MeasurementCalibration } from './measurements';

type Point = { x: number; y: number };
/** The picture's real size in pixels (the video's own width and height, not the player's). */
export type PictureSize = { width: number; height: number };

/** A scale from a line of known length: the same everywhere on the plane of the line. */
export type LineCalibration = {
  kind: 'line';
  metresPerPixel: number;
  /** The drawn line's length in the video's pixels. */
  linePixels: number;
  /**
   * Relative uncertainty of the scale from placing each end of the line to within a pixel: a
   * 40-pixel line is good to about 3.5%, a 400-pixel one to 0.35%.
   */
  relativeUncertainty: number;
};

/**
 * A line's scale, or a ground plane seen in perspective, whose scale changes across the
 * picture (see measure-plane).
 */
export type Calibration = LineCalibration | PlaneCalibration;

/** Above this relative uncertainty the app says the calibration is rough. */
export const ROUGH_CALIBRATION = 0.05;

/**
 * How far a standing athlete's drawn head-to-foot line may be from their profile height, at
 * best: shoes add 1–3 cm, hair and placing the crown and the soles about a centimetre each, and
 * posture and the time of day another one or two: on 1.80 m, together about 3%. A crouched or
 * leaning frame is not "less precise" but wrong: the app checks the frame is upright.
 */
export const HEIGHT_CALIBRATION_UNCERTAINTY = 0.03;

/** A point's offset from another in the video's pixels (percent points scaled by the frame). */
function pixelDelta(from: Point, to: Point, picture: PictureSize): { dx: number; dy: number } {
  return {
    dx: ((to.x - from.x) / 100) * picture.width,
    dy: ((to.y - from.y) / 100) * picture.height,
  };
}

/** A point in percent of the picture as the video's pixels. */
const toPixels = (point: Point, picture: PictureSize): Point => ({
  x: (point.x / 100) * picture.width,
  y: (point.y / 100) * picture.height,
});

/**
 * What a saved calibration makes of the picture: metres per pixel from a drawn line, or the
 * ground plane from a marked rectangle; null while the line has no length or no real length,
 * or the corners are not a rectangle seen in perspective.
 */
export function calibrate(line: CalibrationLine, picture: PictureSize): LineCalibration | null;
export function calibrate(plane: CalibrationPlane, picture: PictureSize): PlaneCalibration | null;
export function calibrate(
  calibration: MeasurementCalibration,
  picture: PictureSize,
): Calibration | null;
export function calibrate(
  calibration: MeasurementCalibration,
  picture: PictureSize,
): Calibration | null {
  if (calibration.basis === 'plane') {
    const corners = calibration.corners.map((corner) => toPixels(corner, picture));
    return calibratePlaneInPixels(
      corners as [Point, Point, Point, Point],
      calibration.across,
      calibration.along,
    );
  }
  return calibrateLine(calibration, picture);
}

function calibrateLine(line: CalibrationLine, picture: PictureSize): LineCalibration | null {
  const { dx, dy } = pixelDelta(line.from, line.to, picture);
  const linePixels = Math.hypot(dx, dy);
  if (!(linePixels > 0) || !(line.metres > 0)) return null;
  return {
    kind: 'line',
    metresPerPixel: line.metres / linePixels,
    linePixels,
    // Each end is placed within about a pixel; the two errors add in quadrature, and so does
    // a body's own (see HEIGHT_CALIBRATION_UNCERTAINTY).
    relativeUncertainty:
      line.basis === 'athlete-height'
        ? Math.hypot(Math.SQRT2 / linePixels, HEIGHT_CALIBRATION_UNCERTAINTY)
        : Math.SQRT2 / linePixels,
  };
}

/**
 * A point in percent of the picture as metres on the calibrated plane. For a line: from the
 * picture's top-left corner, y downwards. For a ground plane: from the rectangle's first corner,
 * x along its first side and y along its second; a point at or beyond the plane's horizon
 * (never on the ground) is NaN.
 */
export function toMetres(point: Point, picture: PictureSize, calibration: Calibration): Point {
  const pixels = toPixels(point, picture);
  if (calibration.kind === 'plane') {
    return planeMetres(calibration, pixels) ?? { x: Number.NaN, y: Number.NaN };
  }
  return {
    x: pixels.x * calibration.metresPerPixel,
    y: pixels.y * calibration.metresPerPixel,
  };
}

/**
 * The relative uncertainty of distances and speeds measured at a point (percent of the
 * picture): the same everywhere for a line; on a ground plane it grows away from the marked
 * rectangle, where the map is extrapolated.
 */
export function uncertaintyAt(point: Point, picture: PictureSize, calibration: Calibration) {
  return calibration.kind === 'plane'
    ? planeUncertaintyAt(calibration, toPixels(point, picture))
    : calibration.relativeUncertainty;
}

/** The real distance between two points of the picture, in metres. */
export function distanceMetres(
  from: Point,
  to: Point,
  picture: PictureSize,
  calibration: Calibration,
): number {
  if (calibration.kind === 'plane') {
    const a = toMetres(from, picture, calibration);
    const b = toMetres(to, picture, calibration);
    return Math.hypot(b.x - a.x, b.y - a.y);
  }
  const { dx, dy } = pixelDelta(from, to, picture);
  return Math.hypot(dx, dy) * calibration.metresPerPixel;
}

/**
 * Real seconds from clip seconds: slow-motion footage shows a second of life over `factor`
 * seconds of clip, so speeds from it must divide its time by the factor.
 */
export const realSeconds = (clipSeconds: number, slowMotionFactor: number | null | undefined) =>
  clipSeconds / (slowMotionFactor && slowMotionFactor > 1 ? slowMotionFactor : 1);

/** One sample of a tracked point: clip seconds and its place in percent of the picture. */
export type TrackSample = { t: number; x: number; y: number };

/** One sample of a point's motion in real units; y is up, as a coach reads a height. */
export type MotionSample = {
  /** Real seconds from the clip's start. */
  t: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  speed: number;
  ax: number;
  ay: number;
  acceleration: number;
};

/**
 * The local quadratic through the samples within `halfWindow` of sample `index`, as value, first
 * and second derivative at that sample's time (a Savitzky-Golay fit that allows uneven steps, so
 * a scan's dropped frames do not bend the speeds). Null with fewer than three samples.
 */
function localQuadratic(
  times: readonly number[],
  values: readonly number[],
  index: number,
  halfWindow: number,
): [number, number, number] | null {
  const first = Math.max(0, index - halfWindow);
  const last = Math.min(times.length - 1, index + halfWindow);
  if (last - first < 2) return null;
  const t0 = times[index]!;
  // Normal equations of a + b·u + c·u² for u = t − t0.
  const s = [0, 0, 0, 0, 0];
  const r = [0, 0, 0];
  for (let j = first; j <= last; j += 1) {
    const u = times[j]! - t0;
    const v = values[j]!;
    let power = 1;
    for (let k = 0; k < 5; k += 1) {
      s[k]! += power;
      if (k < 3) r[k]! += power * v;
      power *= u;
    }
  }
  const m = [
    [s[0]!, s[1]!, s[2]!],
    [s[1]!, s[2]!, s[3]!],
    [s[2]!, s[3]!, s[4]!],
  ];
  const solved = solve3(m, r);
  if (!solved) return null;
  const [a, b, c] = solved;
  return [a, b, 2 * c];
}

/** Cramer's rule for a 3×3 system; null when it is singular (all samples at one time). */
function solve3(m: number[][], r: number[]): [number, number, number] | null {
  const det = (q: number[][]) =>
    q[0]![0]! * (q[1]![1]! * q[2]![2]! - q[1]![2]! * q[2]![1]!) -
    q[0]![1]! * (q[1]![0]! * q[2]![2]! - q[1]![2]! * q[2]![0]!) +
    q[0]![2]! * (q[1]![0]! * q[2]![1]! - q[1]![1]! * q[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-18) return null;
  const column = (k: number) => m.map((row, i) => row.map((cell, j) => (j === k ? r[i]! : cell)));
  return [det(column(0)) / d, det(column(1)) / d, det(column(2)) / d];
}

/**
 * Each value replaced by the median of it and its two neighbours each side: a tracker's
 * one- or two-frame slip (a blurred plate matched a few pixels off) would otherwise read as a
 * burst of several m/s, while a steadily moving point, whose five values run in order, keeps
 * its own value.
 */
function medianOfFive(values: readonly number[]): number[] {
  return values.map((value, index) => {
    const around = values.slice(Math.max(0, index - 2), index + 3);
    if (around.length < 5) return value;
    return around.sort((a, b) => a - b)[2]!;
  });
}

/**
 * Position, velocity and acceleration of a tracked point in metres and real seconds, smoothed by
 * a local quadratic over `halfWindow` samples each side (2 by default: five samples, which
 * tames a tracker's pixel jitter without flattening a squat's turnaround).
 */
export function motionSeries(
  track: readonly TrackSample[],
  picture: PictureSize,
  calibration: Calibration,
  options: { slowMotionFactor?: number | null; halfWindow?: number } = {},
): MotionSample[] {
  const halfWindow = options.halfWindow ?? 2;
  // A point beyond a ground plane's horizon is not on the ground: it has no place there.
  const placed = [...track]
    .sort((a, b) => a.t - b.t)
    .map((sample) => ({ sample, metres: toMetres(sample, picture, calibration) }))
    .filter(({ metres }) => Number.isFinite(metres.x) && Number.isFinite(metres.y));
  const samples = placed.map(({ sample }) => sample);
  const metres = placed.map((entry) => entry.metres);
  const times = samples.map((sample) => realSeconds(sample.t, options.slowMotionFactor));
  const xs = medianOfFive(metres.map((point) => point.x));
  // On a line's plane y is up: a bar rising has a positive vertical speed. On the ground it
  // runs along the rectangle's second side, as marked.
  const ys = medianOfFive(
    metres.map((point) => (calibration.kind === 'plane' ? point.y : -point.y)),
  );
  const series: MotionSample[] = [];
  for (let i = 0; i < samples.length; i += 1) {
    const fx = localQuadratic(times, xs, i, halfWindow);
    const fy = localQuadratic(times, ys, i, halfWindow);
    if (!fx || !fy) continue;
    series.push({
      t: times[i]!,
      x: fx[0],
      y: fy[0],
      vx: fx[1],
      vy: fy[1],
      speed: Math.hypot(fx[1], fy[1]),
      ax: fx[2],
      ay: fy[2],
      acceleration: Math.hypot(fx[2], fy[2]),
    });
  }
  return series;
}

/** An angle at each time, as the drawing tool measures it (`angleDegrees`, whole degrees). */
export type AngleSample = { t: number; degrees: number };

/** An angle through time with where it was smallest and largest (the first of any tie). */
export function angleExtremes(
  series: readonly AngleSample[],
): { min: AngleSample; max: AngleSample } | null {
  if (series.length === 0) return null;
  let min = series[0]!;
  let max = series[0]!;
  for (const sample of series) {
    if (sample.degrees < min.degrees) min = sample;
    if (sample.degrees > max.degrees) max = sample;
  }
  return { min, max };
}

/** Real seconds between two marks on the clip, whichever was set first. */
export const stopwatchSeconds = (start: number, end: number, slowMotionFactor?: number | null) =>
  realSeconds(Math.abs(end - start), slowMotionFactor);

/**
 * How many decimals a value measured to within `step` deserves: a distance good to a
 * centimetre shows 2, a time good to a thirtieth of a second 2, an angle good to a degree 0.
 * The last digit shown may be up to twice finer than the step (0.0075 m/s shows 2 decimals,
 * not 3), never ten times.
 */
export function decimalsFor(step: number): number {
  if (!(step > 0) || !Number.isFinite(step)) return 0;
  return Math.min(3, Math.max(0, Math.ceil(-Math.log10(step) - Math.log10(2))));
}

/** The value with only the decimals the footage supports. */
export function roundToStep(value: number, step: number): number {
  const decimals = decimalsFor(step);
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/**
 * What each quantity is good to on this footage: a distance to a pixel, a time to a frame, a
 * speed to a pixel over the smoothing window, an angle to a degree. On a ground plane the
 * pixel is the one at the marked rectangle's centre, across its most foreshortened direction.
 */
export function measurementSteps(
  calibration: Calibration,
  fps: number,
  slowMotionFactor?: number | null,
): { metres: number; seconds: number; metresPerSecond: number; degrees: number } {
  const frameSeconds = realSeconds(1 / fps, slowMotionFactor);
  return {
    metres: calibration.metresPerPixel,
    seconds: frameSeconds,
    // The five-sample fit spans four frames: a pixel over that span.
    metresPerSecond: calibration.metresPerPixel / (4 * frameSeconds),
    degrees: 1,
  };
}

/** Series as CSV text: a header row, then one row a sample; numbers as given. */
export function seriesCsv(
  columns: readonly string[],
  rows: readonly (readonly (number | string | null)[])[],
): string {
  const cell = (value: number | string | null) => {
    if (value === null) return '';
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return (
    [columns.map(cell).join(','), ...rows.map((row) => row.map(cell).join(','))].join('\n') + '\n'
  );
}
