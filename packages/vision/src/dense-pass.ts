import { decodeFrames, type TimeRange, type VideoFrame } from '@filmroom/media';
import { slotOf } from './fast-motion';
import type { DenseRun } from './fast-motion';
import type { FollowedFrame, FollowSeed, InferenceSettings } from './inference-protocol';
import type { StageClock } from './person-analysis';
import type { PixelTrack, TrackedSample } from './tracking';
import type { InferencePool } from './worker-pool';

export interface DensePassInput {
  file: string;
  width: number;
  /** The base rate: slots are 1/fps long. */
  fps: number;
  /** Slots to sample densely per track id (see planDenseSlots) and their runs. */
  plan: Map<number, Set<number>>;
  runs: DenseRun[];
  tracks: PixelTrack[];
  /** Time of each slot's base frame: that frame was analysed already and is skipped. */
  baseTimes: Map<number, number>;
  /** Two source frames closer than this are one frame. */
  sameFrame: number;
  settings: InferenceSettings;
  pool: InferencePool;
  signal?: AbortSignal;
  /** Called in time order with each frame's people, tagged with their track ids. */
  onFrame: (frame: FollowedFrame) => void;
  onClock: (clock: StageClock) => void;
}

/**
 * Windows closer than this (seconds) are decoded by one ffmpeg: decoding the gap costs less than
 * seeking again, which decodes from the previous keyframe.
 */
const SEEK_GAP_SECONDS = 4;

/**
 * The second pass of a scan: decodes the chosen slots at the source frame rate and follows each
 * planned track through them with pose alone, starting from its base sample at the start of the
 * slot (or the slot before, when it was missed there). No detector runs and nobody new is picked
 * up: a dense sample always belongs to a track of the base pass, so ids stay the same.
 */
export async function densePass(input: DensePassInput): Promise<void> {
  const { fps, plan, tracks, baseTimes, sameFrame, pool, signal } = input;
  const bySlot = new Map<number, Map<number, TrackedSample>>();
  for (const track of tracks) {
    if (!plan.has(track.id)) continue;
    const samples = new Map<number, TrackedSample>();
    for (const sample of track.samples) samples.set(slotOf(sample.t, fps), sample);
    bySlot.set(track.id, samples);
  }
  const seedsFor = (slot: number): FollowSeed[] => {
    const seeds: FollowSeed[] = [];
    for (const [track, slots] of plan) {
      if (!slots.has(slot)) continue;
      const samples = bySlot.get(track);
      const from = samples?.get(slot) ?? samples?.get(slot - 1);
      if (!from) continue;
      seeds.push({
        track,
        box: from.box,
        score: from.score,
        poseScore: from.score,
        keypoints: from.keypoints,
      });
    }
    return seeds;
  };

  const inFlight: Promise<void>[] = [];
  const workers = pool.size;
  let sequence = 0;
  const dispatch = (frames: VideoFrame[], seeds: FollowSeed[]) => {
    if (frames.length === 0 || seeds.length === 0) return;
    const done = pool
      .run(
        { kind: 'follow', id: sequence++, frames, seeds, settings: input.settings },
        frames.map((f) => f.data.buffer as ArrayBuffer),
      )
      .then((response) => {
        if (response.kind !== 'follow') throw new Error(`unexpected ${response.kind}`);
        input.onClock(response.clock);
        return response.frames;
      });
    // Observed at once: after an abort these reject before the pass gets round to them.
    done.catch(() => undefined);
    // Results are taken in order, so onFrame sees time order.
    const previous = inFlight.at(-1) ?? Promise.resolve();
    const taken = Promise.all([previous, done]).then(([, followed]) =>
      followed.forEach(input.onFrame),
    );
    taken.catch(() => undefined);
    inFlight.push(taken);
  };

  try {
    for (const ranges of decodeGroups(input.runs, fps)) {
      let slot: number | undefined;
      let frames: VideoFrame[] = [];
      let seeds: FollowSeed[] = [];
      for await (const frame of decodeFrames(input.file, {
        width: input.width,
        ranges,
        ...(signal ? { signal } : {}),
      })) {
        signal?.throwIfAborted();
        const at = slotOf(frame.t, fps);
        const base = baseTimes.get(at);
        if (base !== undefined && Math.abs(base - frame.t) <= sameFrame) continue;
        if (at !== slot) {
          // A new slot: the people start again from their base samples there.
          dispatch(frames, seeds);
          slot = at;
          frames = [];
          seeds = seedsFor(at);
        }
        if (seeds.length > 0) frames.push(frame);
        // Two requests per worker in flight keeps every worker busy and memory bounded.
        while (inFlight.length >= workers * 2) await inFlight.shift()!;
      }
      dispatch(frames, seeds);
    }
    while (inFlight.length > 0) await inFlight.shift()!;
  } catch (error) {
    await Promise.allSettled(inFlight);
    throw error;
  }
}

/** The runs as time ranges, in groups that one ffmpeg decodes. */
function decodeGroups(runs: DenseRun[], fps: number): TimeRange[][] {
  const groups: TimeRange[][] = [];
  for (const run of runs) {
    const range = { from: run.from / fps, to: run.to / fps };
    const group = groups.at(-1);
    const last = group?.at(-1);
    if (group && last && range.from - last.to < SEEK_GAP_SECONDS) group.push(range);
    else groups.push([range]);
  }
  return groups;
}
