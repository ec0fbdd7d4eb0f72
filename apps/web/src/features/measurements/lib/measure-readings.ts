import {
  calibrate,
  decimalsFor,
  groundJudge,
  measurementSteps,
  motionSeries,
  realSeconds,
  sampleNear,
  seriesCsv,
  stopwatchSeconds,
  type AngleSample,
  type Calibration,
  type MeasurementCalibration,
  type MotionSample,
  type PictureSize,
  type Poses,
  type TrackSample,
} from '@filmroom/contract';
import { TRACK_FPS } from './track-point';

/**
 * A motion sample with the clip time it was seen at, for the chart and the playhead; on a court
 * rectangle, whether the point was off the ground then (null: the scan cannot tell).
 */
type MotionReading = MotionSample & { clipT: number; offGround: boolean | null };

export type BarReadings = {
  series: MotionReading[];
  peak: MotionReading | null;
  /** Decimals for m/s and for metres on this footage. */
  speedDecimals: number;
  metreDecimals: number;
};

/** Clip seconds per real second: 1 for real-time footage. */
const factorOf = (slowMotionFactor: number | null) =>
  slowMotionFactor && slowMotionFactor > 1 ? slowMotionFactor : 1;

export function calibrationOf(
  calibration: MeasurementCalibration | null,
  picture: PictureSize,
): Calibration | null {
  return calibration ? calibrate(calibration, picture) : null;
}

type Point = { x: number; y: number };

/** The distance in pixels from a point to a segment (all in percent of the picture). */
function pixelsToSegment(point: Point, from: Point, to: Point, picture: PictureSize): number {
  const px = (p: Point) => ({ x: (p.x / 100) * picture.width, y: (p.y / 100) * picture.height });
  const [a, b, p] = [px(from), px(to), px(point)];
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const along =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - a.x - along * dx, p.y - a.y - along * dy);
}

/**
 * Whether the calibration line lies far in the picture from the path measured against it. A
 * line drawn on the plate the bar carries is on the path; one on the floor or a far wall may
 * be at another depth, and then every distance and speed is off by the ratio of their
 * distances from the camera. Far: the path never comes within one and a half line lengths of
 * the line, nor within a tenth of the picture's diagonal.
 */
export function calibrationFarFromPath(
  line: { from: Point; to: Point },
  path: readonly Point[],
  picture: PictureSize,
): boolean {
  if (path.length === 0) return false;
  const lineLength = pixelsToSegment(line.from, line.to, line.to, picture);
  const nearest = Math.min(
    ...path.map((point) => pixelsToSegment(point, line.from, line.to, picture)),
  );
  const threshold = Math.max(1.5 * lineLength, 0.1 * Math.hypot(picture.width, picture.height));
  return nearest > threshold;
}

/**
 * Speed and acceleration of a tracked point, with its fastest moment. On a court rectangle each
 * sample says whether the point was off the ground, judged from the scan's athlete (`poses`).
 */
export function barReadings(
  track: readonly TrackSample[],
  picture: PictureSize,
  calibration: Calibration,
  slowMotionFactor: number | null,
  poses?: Poses | null,
): BarReadings {
  const factor = factorOf(slowMotionFactor);
  const judge =
    calibration.kind === 'plane' && poses ? groundJudge(poses, picture, calibration) : null;
  const series = motionSeries(track, picture, calibration, { slowMotionFactor }).map((sample) => {
    const clipT = sample.t * factor;
    // The series keeps the track's times: the sample seen then is where the point was.
    const seen = judge ? sampleNear(track, clipT, 1e-3) : null;
    return { ...sample, clipT, offGround: seen ? judge!(seen, clipT) : null };
  });
  let peak: MotionReading | null = null;
  for (const sample of series) if (!peak || sample.speed > peak.speed) peak = sample;
  const steps = measurementSteps(calibration, TRACK_FPS, slowMotionFactor);
  return {
    series,
    peak,
    speedDecimals: decimalsFor(steps.metresPerSecond),
    metreDecimals: decimalsFor(steps.metres),
  };
}

/**
 * The stretches of clip time (first and last sample) where the point was off the ground, in
 * order: where a court rectangle's positions and speeds do not hold.
 */
export function offGroundStretches(series: readonly MotionReading[]) {
  const stretches: { start: number; end: number }[] = [];
  let open: { start: number; end: number } | null = null;
  for (const sample of series) {
    if (sample.offGround === true) {
      if (open) open.end = sample.clipT;
      else stretches.push((open = { start: sample.clipT, end: sample.clipT }));
    } else {
      open = null;
    }
  }
  return stretches;
}

/** A stopwatch's two marks (clip seconds) as the CSV writes it. */
export type StopwatchReading = {
  name: string;
  start: number;
  end: number;
  slowMotionFactor: number | null;
};

/**
 * The CSV's two position columns for a calibration's kind. On a line's plane they are across
 * the picture and up from it (`x_m`, `height_m`: a bar's drift and its height). On a court
 * rectangle they are the court's own directions from corner 1: `across_m` along the first side
 * marked (corner 1 to 2) and `along_m` along the second (corner 2 to 3), as the calibration's
 * `across` and `along` name those sides; neither is a height.
 */
function positionColumns(kind: Calibration['kind'] | null) {
  return kind === 'plane'
    ? ({ x: 'across_m', y: 'along_m' } as const)
    : ({ x: 'x_m', y: 'height_m' } as const);
}

/**
 * Every series of the session as one CSV in long form (a row a sample, the series named in the
 * first column), so a spreadsheet can filter or pivot it: the bar's motion, then the angle,
 * then the stopwatch (one row: its marks on the clip and the time between them on the real
 * clock, to a frame). The position columns are named for the calibration (positionColumns); on
 * a court rectangle a last column says where the point left the ground.
 */
export function readingsCsv({
  bar,
  angle,
  stopwatch = null,
  calibrationKind,
}: {
  bar: BarReadings | null;
  angle: { name: string; samples: readonly AngleSample[] } | null;
  stopwatch?: StopwatchReading | null;
  calibrationKind: Calibration['kind'] | null;
}): string {
  const position = positionColumns(calibrationKind);
  const columns = [
    'series',
    'clip_time_s',
    'real_time_s',
    position.x,
    position.y,
    'speed_m_per_s',
    'acceleration_m_per_s2',
    'angle_deg',
    'stopwatch_start_clip_s',
    'stopwatch_end_clip_s',
    'stopwatch_real_s',
    // On a court rectangle, whether the point was off the ground, where positions and speeds
    // are not on the court: yes, no, or empty where the scan cannot tell.
    ...(calibrationKind === 'plane' ? (['off_ground'] as const) : []),
  ] as const;
  type Cell = number | string | null;
  /** A row from the cells it has: every other column is left empty. */
  const row = (cells: Partial<Record<(typeof columns)[number], Cell>>): Cell[] =>
    columns.map((column) => cells[column] ?? null);
  const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

  const rows: Cell[][] = [];
  for (const sample of bar?.series ?? []) {
    rows.push(
      row({
        series: 'bar',
        clip_time_s: round(sample.clipT, 3),
        real_time_s: round(sample.t, 3),
        [position.x]: round(sample.x, bar!.metreDecimals),
        [position.y]: round(sample.y, bar!.metreDecimals),
        speed_m_per_s: round(sample.speed, bar!.speedDecimals),
        acceleration_m_per_s2: round(sample.acceleration, 1),
        off_ground: sample.offGround === null ? null : sample.offGround ? 'yes' : 'no',
      }),
    );
  }
  for (const sample of angle?.samples ?? []) {
    rows.push(row({ series: angle!.name, clip_time_s: sample.t, angle_deg: sample.degrees }));
  }
  if (stopwatch) {
    const { slowMotionFactor } = stopwatch;
    // Whichever mark was set first, the earlier one is the start.
    const start = Math.min(stopwatch.start, stopwatch.end);
    const end = Math.max(stopwatch.start, stopwatch.end);
    // Good to a frame of the real clock, as the Measure tab shows it.
    const decimals = decimalsFor(realSeconds(1 / TRACK_FPS, slowMotionFactor));
    rows.push(
      row({
        series: stopwatch.name,
        clip_time_s: round(start, 3),
        real_time_s: round(realSeconds(start, slowMotionFactor), 3),
        stopwatch_start_clip_s: round(start, 3),
        stopwatch_end_clip_s: round(end, 3),
        stopwatch_real_s: round(stopwatchSeconds(start, end, slowMotionFactor), decimals),
      }),
    );
  }
  return seriesCsv(columns, rows);
}
