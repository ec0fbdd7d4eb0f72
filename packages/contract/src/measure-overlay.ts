/**
 * Saved measurements as something drawn over their video: each one's path (for the fading
 * trail) and the value it reads at a moment. Compare (web) and the burned-in export (server)
 * draw from this one source, so both show what the Measure tab showed.
 */
import type { Poses } from './analysis';
import type { Quad } from './homography';
import {
  calibrate,
  decimalsFor,
  measurementSteps,
  motionSeries,
  realSeconds,
  type Calibration,
  type PictureSize,
  type TrackSample,
} from './measure';
import { groundJudge } from './measure-ground';
import { ABOVE_GROUND_NOTE, isFootJoint, OFF_GROUND_NOTE, withNote } from './measure-notes';
import { angleSeries, jointTrack, sampleNear } from './measure-series';
import type { Measurement } from './measurements';

/** Seconds of path behind the playhead drawn as a trail, fading with age. */
export const MEASURE_TRAIL_SECONDS = 1.5;
/** Each path's colour: the picked point (a bar's end) and a joint of the scan. */
export const MEASURE_COLOURS = { 'tracked-point': '#00e5ff', 'joint-path': '#ff2dd1' } as const;
/**
 * A court rectangle's outline: the calibration line's yellow, as the player's Measure tab draws
 * it, over a dark edge that keeps it visible on a light court.
 */
export const MEASURE_PLANE_COLOUR = '#ffd60a';
export const MEASURE_PLANE_EDGE_COLOUR = '#111111';
/** The frame rate speeds are rounded for: that of most phone and studio footage. */
const ROUNDING_FPS = 30;
/** How far from a moment a sample still gives its value (a scan samples a few times a second). */
const READING_TOLERANCE = 0.25;

export type MeasurementOverlay = {
  id: string;
  name: string;
  kind: Measurement['subject']['kind'];
  /** The path drawn with its trail, percent of the picture; null for an angle or a stopwatch. */
  path: TrackSample[] | null;
  colour: string;
  /**
   * What it reads at a clip time ("Bar path 1.23 m/s", "Knee angle 92°"), null where nothing; on
   * a court rectangle with the note where the value does not hold (measure-notes).
   */
  valueAt: (clipSeconds: number) => string | null;
  /** The court rectangle it was measured on (percent of the picture), if calibrated on one. */
  plane: Quad | null;
};

/** What drawing a measurement needs of it (a saved one, or the server's row). */
export type OverlaidMeasurement = Pick<
  Measurement,
  'id' | 'name' | 'calibration' | 'slowMotionFactor' | 'subject'
>;

type OverlayContext = {
  /** The scan's poses: joint paths and angles need them; without them they are left out. */
  poses: Poses | null | undefined;
  /** The video's own size in pixels (calibration is in its pixels). */
  picture: PictureSize;
  /** The slow-motion factor the analysis found, for a measurement that declares none. */
  slowMotionFactor: number | null;
};

/** A speed reader for a path on a calibrated picture: "1.23 m/s" at the nearest sample. */
function speedReader(
  path: readonly TrackSample[],
  measurement: OverlaidMeasurement,
  calibration: Calibration | null,
  context: OverlayContext,
): ((clipSeconds: number) => string | null) | null {
  if (!calibration || path.length < 3) return null;
  const factor = measurement.slowMotionFactor ?? context.slowMotionFactor;
  // The series runs in real seconds; the player and the export ask in clip seconds.
  const clipPerReal = 1 / realSeconds(1, factor);
  const series = motionSeries(path, context.picture, calibration, {
    slowMotionFactor: factor,
  }).map((sample) => ({ ...sample, t: sample.t * clipPerReal }));
  const decimals = decimalsFor(measurementSteps(calibration, ROUNDING_FPS, factor).metresPerSecond);
  return (clipSeconds) => {
    const sample = sampleNear(series, clipSeconds, READING_TOLERANCE);
    return sample ? `${sample.speed.toFixed(decimals)} m/s` : null;
  };
}

/**
 * What qualifies a path's numbers on a court rectangle at a clip time: a joint above the
 * ground throughout, or a picked point or a foot where the scan's athlete shows it off the
 * ground; null on a line's plane, or for a point or a foot without a scan to judge by.
 */
function groundNote(
  path: readonly TrackSample[],
  subject: Extract<OverlaidMeasurement['subject'], { kind: 'tracked-point' | 'joint-path' }>,
  calibration: Calibration | null,
  context: OverlayContext,
): ((clipSeconds: number) => string | null) | null {
  if (calibration?.kind !== 'plane') return null;
  if (subject.kind === 'joint-path' && !isFootJoint(subject.joint)) return () => ABOVE_GROUND_NOTE;
  if (!context.poses) return null;
  const judge = groundJudge(context.poses, context.picture, calibration);
  const judged = path.map((sample) => ({ t: sample.t, off: judge(sample, sample.t) === true }));
  return (clipSeconds) =>
    sampleNear(judged, clipSeconds, READING_TOLERANCE)?.off ? OFF_GROUND_NOTE : null;
}

/** One saved measurement as drawn over the picture, or null when it cannot be (no scan). */
function overlayOf(
  measurement: OverlaidMeasurement,
  context: OverlayContext,
): MeasurementOverlay | null {
  const { subject } = measurement;
  const base = {
    id: measurement.id,
    name: measurement.name,
    kind: subject.kind,
    plane: measurement.calibration?.basis === 'plane' ? measurement.calibration.corners : null,
  };
  const named =
    (
      reader: ((t: number) => string | null) | null,
      noteAt: ((t: number) => string | null) | null = null,
    ) =>
    (t: number) => {
      const value = reader?.(t) ?? null;
      return value === null ? null : withNote(`${measurement.name} ${value}`, noteAt?.(t) ?? null);
    };
  switch (subject.kind) {
    case 'tracked-point':
    case 'joint-path': {
      const path =
        subject.kind === 'tracked-point'
          ? [...subject.samples].sort((a, b) => a.t - b.t)
          : context.poses
            ? jointTrack(context.poses, subject.joint)
            : null;
      if (!path) return null;
      const calibration = measurement.calibration
        ? calibrate(measurement.calibration, context.picture)
        : null;
      return {
        ...base,
        path,
        colour: MEASURE_COLOURS[subject.kind],
        valueAt: named(
          speedReader(path, measurement, calibration, context),
          groundNote(path, subject, calibration, context),
        ),
      };
    }
    case 'angle': {
      if (!context.poses) return null;
      const series = angleSeries(context.poses, subject.joints, context.picture);
      return {
        ...base,
        path: null,
        colour: '#ffffff',
        valueAt: named((t) => {
          const sample = sampleNear(series, t, READING_TOLERANCE);
          return sample ? `${sample.degrees}°` : null;
        }),
      };
    }
    case 'stopwatch': {
      const start = Math.min(subject.start, subject.end);
      const end = Math.max(subject.start, subject.end);
      const factor = measurement.slowMotionFactor ?? context.slowMotionFactor;
      // Running between its marks, then holding the time it measured.
      return {
        ...base,
        path: null,
        colour: '#ffffff',
        valueAt: named((t) =>
          t < start ? null : `${realSeconds(Math.min(t, end) - start, factor).toFixed(2)} s`,
        ),
      };
    }
  }
}

/**
 * Whether drawing these measurements reads the scan: joint paths and angles come from it, and a
 * picked point on a court rectangle is judged on or off the ground by the athlete in it.
 */
export function overlaysNeedPoses(measurements: readonly OverlaidMeasurement[]): boolean {
  return measurements.some(
    ({ subject, calibration }) =>
      subject.kind === 'joint-path' ||
      subject.kind === 'angle' ||
      (subject.kind === 'tracked-point' && calibration?.basis === 'plane'),
  );
}

/** The video's saved measurements as overlays, in the order they were made. */
export function measurementOverlays(
  measurements: readonly OverlaidMeasurement[],
  context: OverlayContext,
): MeasurementOverlay[] {
  return measurements.flatMap((measurement) => overlayOf(measurement, context) ?? []);
}

/**
 * The court rectangles a take's measurements were made on, each once (every measurement saved
 * together carries the same calibration), to draw under their paths.
 */
export function planeOutlines(overlays: readonly MeasurementOverlay[]): Quad[] {
  const seen = new Map<string, Quad>();
  for (const { plane } of overlays) {
    if (plane) seen.set(plane.map((corner) => `${corner.x},${corner.y}`).join(' '), plane);
  }
  return [...seen.values()];
}

/** The part of a path to draw bright at a moment: the last MEASURE_TRAIL_SECONDS up to it. */
export function trailAt<Sample extends { t: number }>(
  path: readonly Sample[],
  clipSeconds: number,
): Sample[] {
  return path.filter(
    (sample) => sample.t <= clipSeconds + 1e-3 && sample.t >= clipSeconds - MEASURE_TRAIL_SECONDS,
  );
}
