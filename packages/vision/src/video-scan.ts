import { decodeFrames, type TimeRange, type VideoHeader } from '@filmroom/media';
import os from 'node:os';
import { densePass } from './dense-pass';
import { denseRuns, mergeDenseSamples, planDenseSlots, slotOf } from './fast-motion';
import type { DenseRun } from './fast-motion';
import type {
  FrameForInference,
  FrameResult,
  InferenceSettings,
  TorsoCrop,
} from './inference-protocol';
import { dominantJerseyColor, trackJerseyColor } from './jersey';
import type { StageClock } from './person-analysis';
import { newStageClock } from './person-analysis';
import { fractionBox, fractionFace, fractionKeypoints } from './results';
import { PeopleTracker } from './tracking';
import { frameLook, sameLook, type FrameLook } from './unchanged-frames';
import type { PixelTrack, TrackedSample } from './tracking';
import type { DenseWindow, Track, VisionScan } from './types';
import { InferencePool } from './worker-pool';

export interface DenseSamplingOptions {
  /**
   * The budget: seconds of one athlete at the source rate, as a share of the time anyone was
   * seen in the clip (default 0.1: six seconds of a minute of play, summed over the athletes
   * followed). Above
   * 60 fps the budget is counted in 60 fps frames, so a 240 fps file costs what a 60 fps one does
   * and covers a quarter of the time.
   */
  share?: number;
  /**
   * The budget is never less than this many seconds (default 8), so a short clip (a swing, a
   * serve, a few strides) is seen at the source rate nearly whole: a runner's steps come three
   * a second, faster than a base rate of 5 can count.
   */
  minSeconds?: number;
  /** Moves slower than this, in body heights per second, are never sampled densely (default 0.6). */
  minSpeed?: number;
}

/** Above this source rate the dense budget is counted as if at this rate (see `share`). */
const DENSE_BUDGET_MAX_FPS = 60;

export interface ScanOptions {
  /** Base frames per second sampled from the video (default 5). */
  fps?: number;
  /**
   * Fast movements at the video's own frame rate (default on). After the pass at `fps`, the
   * stretches where a track's wrists, hips or ankles moved fastest are decoded again at the
   * source rate and followed with pose alone, so an impact, a release or a contact falls on a
   * sample. `false` samples at `fps` only.
   */
  dense?: DenseSamplingOptions | false;
  /** Width of the analysed frames in pixels, never above the video's (default 640). */
  width?: number;
  /** Inference worker threads (default: one per core). */
  workers?: number;
  /**
   * Run the people detector on every Nth frame and follow people with pose alone in between
   * (default 3). Centernet costs about 6x a movenet crop, so this is the main speed lever; people
   * who walk in are picked up at the next detector frame.
   */
  detectEvery?: number;
  /** Minimum detector score for a person (default 0.25). */
  minPersonScore?: number;
  /** Face boxes and embeddings (default true). */
  faces?: boolean;
  /**
   * Seconds between detector frames that also look for faces (default 2). Blazeface + faceres
   * costs about 4x a pose crop per person, and a track needs only a few good faces.
   */
  faceInterval?: number;
  /**
   * Only this part of the video: ffmpeg seeks to its start and stops after its end, so an hour of
   * film costs what the chosen minutes do. Times in the scan stay on the video's timeline.
   */
  range?: TimeRange;
  /** Called with 0-1 as frames are analysed. */
  onProgress?: (fraction: number) => void;
  /** Aborting kills ffmpeg and the inference workers. */
  signal?: AbortSignal;
}

/** Face embeddings kept per track: the best few are enough to match a roster. */
const EMBEDDINGS_PER_TRACK = 3;
/** Torso crops kept per track for its shirt colour. */
const TORSOS_PER_TRACK = 6;
/** Progress reached when the base pass ends, when a dense pass may follow. */
const BASE_PASS_SHARE = 0.85;

/**
 * Scans a video: decodes frames with ffmpeg, finds and follows people in worker threads, tracks
 * them on this thread, samples fast movements again at the source frame rate, and names each
 * track's jersey colour.
 */
export async function scanVideo(file: string, options: ScanOptions = {}): Promise<VisionScan> {
  const started = performance.now();
  const fps = options.fps ?? 5;
  const width = options.width ?? 640;
  const workers = Math.max(1, options.workers ?? os.availableParallelism());
  const detectEvery = Math.max(1, Math.round(options.detectEvery ?? 3));
  const dense = options.dense === false ? undefined : (options.dense ?? {});
  const { signal } = options;
  signal?.throwIfAborted();
  const settings: InferenceSettings = {
    minPersonScore: options.minPersonScore ?? 0.25,
    minPoseScore: 0.2,
    faces: options.faces ?? true,
    torsos: true,
  };

  const pool = new InferencePool(workers);
  const onAbort = () => void pool.close();
  signal?.addEventListener('abort', onAbort, { once: true });
  const tracker = new PeopleTracker({
    maxGapFrames: Math.max(3, Math.round(fps * 0.6)),
    // Shorter than about half a second is a false detection or a passer-by, not an athlete.
    minSamples: Math.max(2, Math.round(fps * 0.6)),
  });
  const torsos = new Map<number, TorsoCrop[]>();
  const clock = newStageClock();
  let header: VideoHeader = { duration: 0, start: 0, fps: 0 };
  let size = { width: 0, height: 0 };
  let frames = 0;
  let analysed = 0;
  let decodeMs = 0;
  let jerseyMs = 0;
  /** Time of the base frame of each slot, to skip that frame when sampling densely. */
  const baseTimes = new Map<number, number>();

  let reported = 0;
  const progress = (fraction: number) => {
    const value = Math.min(0.99, fraction);
    if (value <= reported) return;
    reported = value;
    options.onProgress?.(value);
  };
  const baseShare = dense ? BASE_PASS_SHARE : 1;
  const { range } = options;
  const scannedSeconds = () =>
    range ? Math.min(range.to, header.duration || range.to) - range.from : header.duration;
  const expectedFrames = () => Math.max(1, Math.floor(scannedSeconds() * fps));
  const inFlight: Promise<FrameResult[]>[] = [];
  let sequence = 0;

  /**
   * The look of the last detector frame that found nobody, while no later one found anyone. A
   * segment that starts with this same look would find nobody again, and so follow nobody: its
   * frames are recorded as empty without inference. A long still or black stretch then costs
   * its decoding, not a detector run every few frames. Each look is compared with this one, not
   * with the frame before, so a slow change (someone walking in step by step) is still caught.
   */
  let emptyLook: FrameLook | undefined;
  /** Looks of the first frames of segments in flight, by frame index. */
  const looks = new Map<number, FrameLook>();
  let unchangedFrames = 0;

  const absorb = (results: FrameResult[]) => {
    for (const frame of results) {
      const look = looks.get(frame.index);
      if (look) {
        looks.delete(frame.index);
        emptyLook = frame.people.length === 0 ? look : undefined;
      }
      const ids = tracker.push(frame.index, frame.t, frame.people);
      frame.people.forEach((person, i) => {
        if (!person.torso) return;
        const id = ids[i]!;
        const kept = torsos.get(id) ?? [];
        kept.push(person.torso);
        // Best first: most certain torso region, then the largest.
        kept.sort(
          (a, b) =>
            b.score * Math.sqrt(b.width * b.height) - a.score * Math.sqrt(a.width * a.height),
        );
        torsos.set(id, kept.slice(0, TORSOS_PER_TRACK));
      });
    }
    analysed += results.length;
    progress(baseShare * Math.min(1, analysed / expectedFrames()));
  };

  const faceInterval = options.faceInterval ?? 2;
  let nextFaceAt = -Infinity;
  const dispatch = (segment: FrameForInference[]) => {
    const look = frameLook(segment[0]!);
    if (emptyLook && sameLook(emptyLook, look)) {
      unchangedFrames += segment.length;
      const empty = segment.map((f, i) => ({
        index: f.index,
        t: f.t,
        detected: i === 0,
        people: [],
      }));
      inFlight.push(Promise.resolve(empty));
      return;
    }
    looks.set(segment[0]!.index, look);
    const id = sequence++;
    const start = segment[0]!.t;
    const faces = settings.faces && start >= nextFaceAt;
    if (faces) nextFaceAt = start + faceInterval - 1e-6;
    const result = pool
      .run(
        { kind: 'segment', id, frames: segment, settings: { ...settings, faces } },
        segment.map((f) => f.data.buffer as ArrayBuffer),
      )
      .then((response) => {
        if (response.kind !== 'segment') throw new Error(`unexpected ${response.kind}`);
        addClock(clock, response.clock);
        return response.frames;
      });
    // Observed at once: after an abort these reject before the scan gets round to them.
    result.catch(() => undefined);
    inFlight.push(result);
  };

  const denseSamples = new Map<number, TrackedSample[]>();
  let denseFrames = 0;
  let denseMs = 0;
  let runs: DenseRun[] = [];
  let found: PixelTrack[] = [];
  /** Two source frames closer than this are one frame. */
  let sameFrame = 0.001;

  try {
    let segment: FrameForInference[] = [];
    const decoder = decodeFrames(file, {
      fps,
      width,
      ...(range ? { ranges: [range] } : {}),
      ...(signal ? { signal } : {}),
      onHeader: (h) => (header = h),
    });
    let waitStarted = performance.now();
    for await (const frame of decoder) {
      decodeMs += performance.now() - waitStarted;
      signal?.throwIfAborted();
      size = { width: frame.width, height: frame.height };
      frames++;
      baseTimes.set(slotOf(frame.t, fps), frame.t);
      segment.push(frame);
      if (segment.length === detectEvery) {
        dispatch(segment);
        segment = [];
      }
      // Two segments per worker in flight keeps every worker busy and memory bounded.
      while (inFlight.length >= workers * 2) absorb(await inFlight.shift()!);
      waitStarted = performance.now();
    }
    if (segment.length > 0) dispatch(segment);
    while (inFlight.length > 0) absorb(await inFlight.shift()!);
    signal?.throwIfAborted();
    found = tracker.tracks();
    sameFrame = header.fps > 0 ? 0.25 / header.fps : 0.001;

    if (dense && header.fps > 0) {
      const denseStarted = performance.now();
      const extraFramesPerSlot = Math.max(0, Math.round(header.fps / fps) - 1);
      // A share of the time someone was seen, not of the clip's length: an hour of empty court
      // with a minute of play earns the budget of that minute.
      const seen = new Set(found.flatMap((track) => track.samples.map((s) => slotOf(s.t, fps))));
      const seconds = Math.max(dense.minSeconds ?? 8, ((dense.share ?? 0.1) * seen.size) / fps);
      const plan = planDenseSlots(found, {
        fps,
        extraFramesPerSlot,
        budgetFrames: seconds * Math.min(header.fps, DENSE_BUDGET_MAX_FPS),
        minSpeed: dense.minSpeed ?? 0.6,
      });
      runs = denseRuns(plan);
      const expected = Math.max(
        1,
        runs.reduce((n, r) => n + (r.to - r.from), 0) * extraFramesPerSlot,
      );
      await densePass({
        file,
        width,
        fps,
        plan,
        runs,
        tracks: found,
        baseTimes,
        sameFrame,
        settings: { ...settings, faces: false, torsos: false },
        pool,
        ...(signal ? { signal } : {}),
        onClock: (part) => addClock(clock, part),
        onFrame: (frame) => {
          denseFrames++;
          for (const person of frame.people) {
            const kept = denseSamples.get(person.track) ?? [];
            kept.push({
              t: frame.t,
              index: -1,
              box: person.box,
              score: person.score,
              keypoints: person.keypoints,
            });
            denseSamples.set(person.track, kept);
          }
          progress(BASE_PASS_SHARE + ((1 - BASE_PASS_SHARE) * denseFrames) / expected);
        },
      });
      denseMs = performance.now() - denseStarted;
    }
  } catch (error) {
    // Settle what is in flight so nothing rejects unobserved after we leave.
    await Promise.allSettled(inFlight);
    throw signal?.aborted && signal.reason instanceof Error ? signal.reason : error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await pool.close();
  }

  const jerseyStarted = performance.now();
  const tracks: Track[] = [];
  const outputIds = new Map<number, number>();
  for (const [i, track] of found.entries()) {
    signal?.throwIfAborted();
    outputIds.set(track.id, i + 1);
    const crops = torsos.get(track.id) ?? [];
    const color = trackJerseyColor(
      crops.map((crop) => dominantJerseyColor(crop)).filter((r) => r !== undefined),
    );
    const samples = mergeDenseSamples(track.samples, denseSamples.get(track.id) ?? [], sameFrame);
    tracks.push({
      ...compactTrack(i + 1, { id: track.id, samples }, size.width, size.height),
      ...(color ? { jerseyColor: color } : {}),
    });
  }
  jerseyMs = performance.now() - jerseyStarted;
  options.onProgress?.(1);

  const denseWindows: DenseWindow[] = runs.map((run) => ({
    start: round3(run.from / fps),
    end: round3(Math.min(run.to / fps, header.duration || Infinity)),
    trackIds: run.tracks.map((id) => outputIds.get(id)!).sort((a, b) => a - b),
  }));

  return {
    duration: round3(header.duration),
    fps,
    sourceFps: round3(header.fps),
    denseWindows,
    width: size.width,
    height: size.height,
    frames,
    tracks,
    timings: {
      decodeMsPerFrame: round1(decodeMs / Math.max(1, frames)),
      detectMsPerRun: round1(clock.detectMs / Math.max(1, clock.detectRuns)),
      poseMsPerPerson: round1(clock.poseMs / Math.max(1, clock.poseRuns)),
      faceMsPerPerson: round1(clock.faceMs / Math.max(1, clock.faceRuns)),
      jerseyMsTotal: round1(jerseyMs),
      unchangedFrames,
      denseFrames,
      denseMsTotal: round1(denseMs),
      detectorRuns: clock.detectRuns,
      poseRuns: clock.poseRuns,
      faceRuns: clock.faceRuns,
      totalMs: round1(performance.now() - started),
    },
  };
}

function compactTrack(id: number, track: PixelTrack, width: number, height: number): Track {
  const withEmbedding = new Set(
    track.samples
      .filter((s) => s.face?.embedding)
      .sort((a, b) => faceQuality(b) - faceQuality(a))
      .slice(0, EMBEDDINGS_PER_TRACK),
  );
  return {
    id,
    samples: track.samples.map((sample) => ({
      t: round3(sample.t),
      box: fractionBox(sample.box, width, height),
      score: Math.round(sample.score * 1000) / 1000,
      keypoints: fractionKeypoints(sample.keypoints, width, height),
      ...(sample.face
        ? { face: fractionFace(sample.face, width, height, withEmbedding.has(sample)) }
        : {}),
      ...(sample.dense ? { dense: true as const } : {}),
    })),
  };
}

function faceQuality(sample: { face?: { score: number; box: number[] } }): number {
  const face = sample.face;
  return face ? face.score * Math.sqrt((face.box[2] ?? 0) * (face.box[3] ?? 0)) : 0;
}

function addClock(total: StageClock, part: StageClock): void {
  total.detectMs += part.detectMs;
  total.detectRuns += part.detectRuns;
  total.poseMs += part.poseMs;
  total.poseRuns += part.poseRuns;
  total.faceMs += part.faceMs;
  total.faceRuns += part.faceRuns;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
