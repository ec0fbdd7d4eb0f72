/**
 * What `packages/vision` measures in a clip or a photo. Stored as JSON per video, so every
 * coordinate is a fraction of the frame (0-1, rounded to 4 decimals) and only a few face
 * embeddings are kept per track.
 */

import { POSE_KEYPOINT_ORDER } from '@filmroom/contract';

/** The 17 COCO body keypoints, in the order movenet returns them (the API's order too). */
export const KEYPOINT_NAMES = POSE_KEYPOINT_ORDER;

export type KeypointName = (typeof KEYPOINT_NAMES)[number];

/** [x, y, width, height]; fractions of the frame in results, pixels inside the pipeline. */
export type Box = [number, number, number, number];

export interface Keypoint {
  name: KeypointName;
  x: number;
  y: number;
  score: number;
}

export interface FaceSample {
  box: Box;
  score: number;
  /** 1024-d faceres embedding; kept only on the few best faces of a track. */
  embedding?: number[];
}

export interface TrackSample {
  /** Seconds from the start of the video. */
  t: number;
  box: Box;
  score: number;
  keypoints: Keypoint[];
  face?: FaceSample;
  /**
   * Sampled at the source frame rate inside a dense window (see `VisionScan.denseWindows`),
   * between the base-rate samples. Keeping the samples without it gives the base-rate series.
   */
  dense?: true;
}

export interface JerseyColorReading {
  name: string;
  confidence: number;
}

export interface Track {
  id: number;
  samples: TrackSample[];
  jerseyColor?: JerseyColorReading;
}

export interface StageTimings {
  /** Mean milliseconds per decoded frame spent waiting on ffmpeg (wall clock, main thread). */
  decodeMsPerFrame: number;
  /** Mean milliseconds of centernet per detector run. */
  detectMsPerRun: number;
  /** Mean milliseconds of movenet per person crop. */
  poseMsPerPerson: number;
  /** Mean milliseconds of blazeface + faceres per person crop examined. */
  faceMsPerPerson: number;
  /** Milliseconds spent naming every track's shirt colour at the end of the scan. */
  jerseyMsTotal: number;
  /** Base frames recorded as empty without inference: the scene had not changed (see scanVideo). */
  unchangedFrames: number;
  /** Frames decoded and followed at the source rate around fast movements. */
  denseFrames: number;
  /** Wall clock of that second pass (decoding and pose). */
  denseMsTotal: number;
  detectorRuns: number;
  poseRuns: number;
  faceRuns: number;
  /** Wall clock of the whole scan. */
  totalMs: number;
}

/**
 * A stretch of the clip sampled at the source frame rate because someone moved fast in it (a
 * swing, a throw, a serve): every source frame in [start, end) has a sample for each of these
 * tracks, unless the pose was lost on that frame.
 */
export interface DenseWindow {
  /** Seconds, included. */
  start: number;
  /** Seconds, not included. */
  end: number;
  /** The tracks followed there (ids of `VisionScan.tracks`). */
  trackIds: number[];
}

export interface VisionScan {
  duration: number;
  /** The base sampling rate: samples are the first source frame of each 1/fps step. */
  fps: number;
  /**
   * The video's own frame rate (average, for variable-rate video; 0 when the file does not say).
   * Absent in scans stored before dense sampling existed.
   */
  sourceFps?: number;
  /**
   * Where samples are at the source rate rather than `fps`, in time order. Their samples carry
   * `dense: true` (the base-rate samples inside a window do not). Absent in older scans.
   */
  denseWindows?: DenseWindow[];
  width: number;
  height: number;
  /** Frames analysed at the base rate. */
  frames: number;
  tracks: Track[];
  /** How long each stage took; not part of what the picture shows, but the bench reads it. */
  timings?: StageTimings;
}

/** A person found in one picture (photo or frame), coordinates as fractions of the picture. */
export interface PersonInImage {
  box: Box;
  score: number;
  keypoints: Keypoint[];
  face?: FaceSample;
  jerseyColor?: JerseyColorReading;
}

export interface PeopleInImage {
  width: number;
  height: number;
  people: PersonInImage[];
}
