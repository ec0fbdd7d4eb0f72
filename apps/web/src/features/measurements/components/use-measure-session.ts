import type {
  CalibrationBasis,
  CalibrationLine,
  MeasurementCalibration,
  MeasureJoint,
  Measurement,
  MeasurementBody,
  PictureSize,
  Poses,
  TrackSample,
} from '@filmroom/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toastError, toastSuccess } from '@/components/ui/use-toast';
import { useMeasurements } from '../api/get-measurements';
import { useSaveMeasurement } from '../api/save-measurement';
import { angleSeries, jointTrack } from '@filmroom/contract';
import {
  ANGLE_PRESETS,
  EMPTY_STOPWATCH,
  stopwatchNameOf,
  type AnglePresetId,
  type StopwatchName,
} from '../lib/angle-presets';
import { heightMetres } from '../lib/height-calibration';
import { barReadings, calibrationFarFromPath, calibrationOf } from '../lib/measure-readings';
import { planeSpec, worstUncertaintyOnPath, type PlaneChoice } from '../lib/plane-calibration';
import { bendAt } from '../lib/upright';
import { trackEnd, trackPoint } from '../lib/track-point';

type Point = { x: number; y: number };
/** Drawing a calibration line, marking a rectangle's corners, or picking a point to track. */
export type MeasureMode = 'idle' | 'calibrating' | 'cornering' | 'picking';

/** What the page hands the session: the video, its scan and its player. */
export type MeasureSessionInput = {
  videoId: string;
  /** The MP4 the tracker steps through (same origin). */
  src: string | null;
  picture: PictureSize | null;
  duration: number | null;
  poses: Poses | undefined;
  slowMotionFactor: number | null;
  /** The Measure tab is open: fetch what is saved and draw over the picture. */
  active: boolean;
  player: {
    currentTime: () => number;
    pause: () => void;
    seekTo: (seconds: number) => void;
    /** Brings the picture into view: on a phone the panel sits below it. */
    reveal: () => void;
    /** The range marked with I and O on the player, if any: a track stops at its out point. */
    markedRange: () => { start: number; end: number } | null;
  };
};

const NAMES = { bar: 'Bar path', angle: 'Angle', joint: 'Joint path' } as const;
type SavedIds = {
  bar: string | null;
  angle: string | null;
  joint: string | null;
  stopwatch: string | null;
};
/** A stopwatch's two marks (clip seconds, either unset) and what it times. */
export type Stopwatch = { start: number | null; end: number | null; name: StopwatchName };

/** The saved measurements as the session's fields: the newest of each kind wins. */
function fromSaved(saved: readonly Measurement[]) {
  const newest = (kind: Measurement['subject']['kind']) =>
    saved.filter((measurement) => measurement.subject.kind === kind).at(-1) ?? null;
  const bar = newest('tracked-point');
  const angle = newest('angle');
  const joint = newest('joint-path');
  const stopwatch = newest('stopwatch');
  const calibration = [bar, angle, joint].find((m) => m?.calibration)?.calibration ?? null;
  const presetOf = (joints: readonly MeasureJoint[]) =>
    (Object.entries(ANGLE_PRESETS).find(
      ([, preset]) => preset.joints.join() === joints.join(),
    )?.[0] ?? null) as AnglePresetId | null;
  return {
    calibration,
    barTrack: bar?.subject.kind === 'tracked-point' ? bar.subject.samples : null,
    anglePreset: angle?.subject.kind === 'angle' ? presetOf(angle.subject.joints) : null,
    joint: joint?.subject.kind === 'joint-path' ? joint.subject.joint : null,
    stopwatch:
      stopwatch?.subject.kind === 'stopwatch'
        ? {
            start: stopwatch.subject.start,
            end: stopwatch.subject.end,
            name: stopwatchNameOf(stopwatch.name),
          }
        : null,
    ids: {
      bar: bar?.id ?? null,
      angle: angle?.id ?? null,
      joint: joint?.id ?? null,
      stopwatch: stopwatch?.id ?? null,
    },
  };
}

/**
 * The Measure tab's working state, shared by its panel and its layer over the picture: the
 * calibration line, the bar path being tracked or corrected, the joint path and angle chosen,
 * and what they read. Filled from what is saved when the tab opens; saved back on Save.
 */
export function useMeasureSession(input: MeasureSessionInput) {
  const saved = useMeasurements(input.videoId, { enabled: input.active });
  const save = useSaveMeasurement(input.videoId);
  const [mode, setModeState] = useState<MeasureMode>('idle');
  /** A mode that takes clicks on the picture (a line, corners, a point) shows the picture. */
  const setMode = (next: MeasureMode) => {
    setModeState(next);
    if (next !== 'idle') input.player.reveal();
  };
  const [line, setLine] = useState<{ from: Point; to: Point } | null>(null);
  const [metresText, setMetresText] = useState('');
  /** What the line is: a thing of known length, or the athlete standing (their height). */
  const [basis, setBasis] = useState<CalibrationBasis>('known-length');
  const [heightText, setHeightText] = useState('');
  /** A ground rectangle's corners as marked, in order (percent), and its size. */
  const [corners, setCorners] = useState<Point[]>([]);
  const [planeChoice, setPlaneChoice] = useState<PlaneChoice>('basketball-key-fiba');
  const [acrossText, setAcrossText] = useState('');
  const [alongText, setAlongText] = useState('');
  /** The clip time the line was drawn at: a height line must be on an upright frame. */
  const [lineT, setLineT] = useState<number | null>(null);
  const [barTrack, setBarTrack] = useState<TrackSample[] | null>(null);
  const [anglePreset, setAnglePreset] = useState<AnglePresetId | null>(null);
  const [joint, setJoint] = useState<MeasureJoint | null>(null);
  const [stopwatch, setStopwatch] = useState<Stopwatch>(EMPTY_STOPWATCH);
  const [ids, setIds] = useState<SavedIds>({
    bar: null,
    angle: null,
    joint: null,
    stopwatch: null,
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [trackError, setTrackError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  /**
   * The coach is in the middle of something here (edits not saved, a mode waiting for clicks,
   * a track running): what is saved elsewhere then waits, rather than undoing their work.
   */
  const busyRef = useRef(false);
  busyRef.current = dirty || mode !== 'idle' || progress !== null;

  // What is saved fills the session when it arrives, and again whenever it changes (another
  // editor saved, changed or deleted a measurement: the stream's `measurement` event refetches
  // it), unless the coach is busy here.
  useEffect(() => {
    if (!saved.data || busyRef.current) return;
    const fields = fromSaved(saved.data);
    if (fields.calibration?.basis === 'plane') {
      const { corners: marked, across, along, preset } = fields.calibration;
      setBasis('plane');
      setCorners(marked);
      setPlaneChoice(preset ?? 'custom');
      setAcrossText(String(across));
      setAlongText(String(along));
    } else if (fields.calibration) {
      setLine({ from: fields.calibration.from, to: fields.calibration.to });
      setCorners([]);
      if (fields.calibration.basis === 'athlete-height') {
        setBasis('athlete-height');
        setHeightText(String(Math.round(fields.calibration.metres * 100)));
      } else {
        setBasis('known-length');
        setMetresText(String(fields.calibration.metres));
      }
    } else {
      setLine(null);
      setCorners([]);
    }
    setBarTrack(fields.barTrack);
    setAnglePreset(fields.anglePreset);
    setJoint(fields.joint);
    setStopwatch(fields.stopwatch ?? EMPTY_STOPWATCH);
    setIds(fields.ids);
  }, [saved.data]);

  // Leaving the page stops a run in flight.
  useEffect(() => () => abortRef.current?.abort(), []);

  const byHeight = basis === 'athlete-height';
  const onPlane = basis === 'plane';
  const metres = byHeight ? heightMetres(heightText) : Number(metresText.replace(',', '.'));
  const calibrationLine: CalibrationLine | null =
    !onPlane && line && metres !== null && metres > 0
      ? { ...line, metres, ...(byHeight ? { basis: 'athlete-height' as const } : {}) }
      : null;
  const plane = planeSpec(corners, planeChoice, acrossText, alongText);
  /** What is saved with each measurement: the line, or the ground plane. */
  const calibrationSpec: MeasurementCalibration | null = onPlane ? plane.plane : calibrationLine;
  const picture = input.picture;
  const calibration = picture ? calibrationOf(calibrationSpec, picture) : null;

  const bar = useMemo(
    () =>
      barTrack && barTrack.length >= 3 && calibration && picture
        ? barReadings(barTrack, picture, calibration, input.slowMotionFactor, input.poses)
        : null,
    [barTrack, calibration, picture, input.slowMotionFactor, input.poses],
  );
  const angle = useMemo(
    () =>
      anglePreset && input.poses && picture
        ? {
            name: ANGLE_PRESETS[anglePreset].label,
            samples: angleSeries(input.poses, ANGLE_PRESETS[anglePreset].joints, picture),
          }
        : null,
    [anglePreset, input.poses, picture],
  );
  const jointPath = useMemo(
    () => (joint && input.poses ? jointTrack(input.poses, joint) : null),
    [joint, input.poses],
  );
  const measuredPath = barTrack ?? jointPath;
  const farFromPath = useMemo(
    () =>
      !onPlane && line && picture && measuredPath
        ? calibrationFarFromPath(line, measuredPath, picture)
        : false,
    [onPlane, line, picture, measuredPath],
  );
  // On a plane the uncertainty depends on where the path runs: the worst of it is stated.
  const pathUncertainty = useMemo(
    () =>
      calibration?.kind === 'plane' && picture && measuredPath
        ? worstUncertaintyOnPath(measuredPath, picture, calibration)
        : null,
    [calibration, picture, measuredPath],
  );

  // A head-to-foot line on a frame where the scan sees the athlete bent is not their height.
  const bentAtLine = useMemo(
    () =>
      byHeight && line && lineT !== null && input.poses && picture
        ? bendAt(input.poses, lineT, picture)
        : null,
    [byHeight, line, lineT, input.poses, picture],
  );

  /**
   * Runs the tracker from `from` to `to` with the point at `start`; keeps the samples before
   * `from`.
   */
  const runTracker = async (from: number, to: number, start: Point, keep: TrackSample[]) => {
    if (!input.src) return;
    abortRef.current?.abort();
    const abort = new AbortController();
    abortRef.current = abort;
    setTrackError(null);
    setProgress(0);
    try {
      const samples = await trackPoint({
        src: input.src,
        from,
        to,
        start,
        onProgress: setProgress,
        signal: abort.signal,
      });
      setBarTrack([...keep.filter((sample) => sample.t < from - 1e-3), ...samples]);
      setDirty(true);
    } catch (error) {
      if (!abort.signal.aborted) setTrackError((error as Error).message);
    } finally {
      if (abortRef.current === abort) {
        abortRef.current = null;
        setProgress(null);
      }
    }
  };

  return {
    saved,
    mode,
    setMode,
    line,
    metresText,
    setMetresText: (text: string) => {
      setMetresText(text);
      setDirty(true);
    },
    basis,
    /** Known length or the athlete's height: the line drawn stays, its length changes. */
    setBasis: (next: CalibrationBasis) => {
      setBasis(next);
      setDirty(true);
    },
    heightText,
    setHeightText: (text: string) => {
      setHeightText(text);
      setDirty(true);
    },
    corners,
    /** A corner marked on the picture: the next one, or (with `index`) one moved. */
    markCorner: (point: Point, index?: number) => {
      setCorners((current) => {
        if (index !== undefined) return current.map((c, i) => (i === index ? point : c));
        return current.length >= 4 ? [point] : [...current, point];
      });
      setDirty(true);
    },
    /** All four corners at once (a keyboard start, or marking again from none). */
    setCorners: (next: Point[]) => {
      setCorners(next);
      setDirty(true);
    },
    planeChoice,
    setPlaneChoice: (choice: PlaneChoice) => {
      setPlaneChoice(choice);
      setDirty(true);
    },
    acrossText,
    setAcrossText: (text: string) => {
      setAcrossText(text);
      setDirty(true);
    },
    alongText,
    setAlongText: (text: string) => {
      setAlongText(text);
      setDirty(true);
    },
    /** What is wrong with the marked corners, as the server would say it. */
    planeProblem: onPlane ? plane.problem : null,
    /** On a plane: the largest uncertainty where the measured path runs. */
    pathUncertainty,
    /** The most bent knee or hip on the frame a height line was drawn on, if any. */
    bentAtLine,
    calibration,
    calibrationLine,
    calibrationSpec,
    /** The line lies far in the picture from the path measured against it. */
    farFromPath,
    barTrack,
    bar,
    angle,
    anglePreset,
    setAnglePreset: (preset: AnglePresetId | null) => {
      setAnglePreset(preset);
      setDirty(true);
    },
    joint,
    jointPath,
    setJoint: (next: MeasureJoint | null) => {
      setJoint(next);
      setDirty(true);
    },
    stopwatch,
    /** Sets a stopwatch mark at the playhead, or its name. */
    setStopwatch: (change: Partial<Stopwatch>) => {
      setStopwatch((current) => ({ ...current, ...change }));
      setDirty(true);
    },
    slowMotionFactor: input.slowMotionFactor,
    /** The player's time now (not the page's last copy of it). */
    readPlayhead: () => input.player.currentTime(),
    progress,
    trackError,
    dirty,
    saving: save.isPending,
    /** The line drawn on the picture (percent), finishing calibration. */
    drawLine: (from: Point, to: Point) => {
      setLine({ from, to });
      setLineT(input.player.currentTime());
      setMode('idle');
      setDirty(true);
    },
    /** The bar's end picked on the picture: followed from this frame on. */
    pickPoint: (point: Point) => {
      setMode('idle');
      input.player.pause();
      const from = input.player.currentTime();
      void runTracker(from, trackEnd(from, input.duration, input.player.markedRange()), point, []);
    },
    /**
     * One frame's point dragged to where it belongs: the track re-runs from there to where it
     * ended before (the stretch the coach chose), not on past it.
     */
    correct: (t: number, point: Point) => {
      const keep = barTrack ?? [];
      const lastT = keep.at(-1)?.t;
      void runTracker(
        t,
        lastT !== undefined && lastT > t ? lastT : trackEnd(t, input.duration, null),
        point,
        keep,
      );
    },
    cancelTracking: () => abortRef.current?.abort(),
    /** Saves each measurement that is set, replacing the saved one of its kind. */
    saveAll: async () => {
      const base = { calibration: calibrationSpec, slowMotionFactor: input.slowMotionFactor };
      const bodies: [keyof SavedIds, MeasurementBody][] = [];
      if (barTrack && barTrack.length > 0) {
        bodies.push([
          'bar',
          { ...base, name: NAMES.bar, subject: { kind: 'tracked-point', samples: barTrack } },
        ]);
      }
      if (anglePreset) {
        const { label, joints } = ANGLE_PRESETS[anglePreset];
        bodies.push([
          'angle',
          { ...base, name: label, subject: { kind: 'angle', joints: [...joints] } },
        ]);
      }
      if (joint) {
        bodies.push([
          'joint',
          { ...base, name: NAMES.joint, subject: { kind: 'joint-path', joint } },
        ]);
      }
      if (stopwatch.start !== null && stopwatch.end !== null) {
        bodies.push([
          'stopwatch',
          {
            ...base,
            name: stopwatch.name,
            subject: { kind: 'stopwatch', start: stopwatch.start, end: stopwatch.end },
          },
        ]);
      }
      try {
        const next = { ...ids };
        for (const [kind, body] of bodies) {
          next[kind] = (await save.mutateAsync({ id: ids[kind], body })).id;
        }
        setIds(next);
        setDirty(false);
        toastSuccess('Measurements saved');
      } catch (error) {
        toastError(error as Error);
      }
    },
  };
}

export type MeasureSession = ReturnType<typeof useMeasureSession>;
