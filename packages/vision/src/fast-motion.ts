import type { PixelTrack, TrackedSample } from './tracking';

/**
 * Where a scan looks again at the video's own frame rate. A golf downswing or a tennis serve
 * takes about 0.25 s, so at a base rate of 5 fps the impact or the contact falls between two
 * samples. After the base pass, the moments where a track's wrists, hips or ankles moved fastest
 * are chosen, within a budget of extra frames, and sampled again at the source rate.
 *
 * Times are cut into slots of one base interval: slot k is [k/fps, (k+1)/fps), and a base sample
 * is the first source frame of its slot (see decodeFrames), so slots line base and dense samples
 * up without any rounding of times.
 */

/** Slack for a frame time on a slot boundary (ffmpeg rounds times to the stream's time base). */
const SLOT_SLACK = 0.001;

/** The slot a time falls in, for a base rate of `fps`. */
export function slotOf(t: number, fps: number): number {
  return Math.floor((t + SLOT_SLACK) * fps);
}

/** Left and right wrists, hips and ankles: the joints that carry a fast movement. */
const LIMB_PAIRS: [number, number][] = [
  [9, 10],
  [11, 12],
  [15, 16],
];
const CONFIDENT = 0.3;

/**
 * How fast a track's fastest wrist, hip or ankle moved between two samples, in body heights (box
 * heights) per second. Pose models now and then swap left and right between frames, which would
 * look like a fast jump; each pair is read both ways and the smaller move is believed.
 */
export function limbSpeed(a: TrackedSample, b: TrackedSample): number {
  const dt = b.t - a.t;
  const height = Math.max(a.box[3], b.box[3]);
  if (!(dt > 0) || !(height > 0)) return 0;
  const move = (i: number, j: number) => {
    const p = a.keypoints[i];
    const q = b.keypoints[j];
    if (!p || !q || p.score < CONFIDENT || q.score < CONFIDENT) return 0;
    return Math.hypot(q.x - p.x, q.y - p.y);
  };
  let fastest = 0;
  for (const [left, right] of LIMB_PAIRS) {
    const direct = Math.max(move(left, left), move(right, right));
    const swapped = Math.max(move(left, right), move(right, left));
    fastest = Math.max(fastest, Math.min(direct, swapped));
  }
  return fastest / height / dt;
}

export interface DensePlanOptions {
  /** The base sampling rate. */
  fps: number;
  /** Extra frames a slot costs when sampled at the source rate (source frames per slot - 1). */
  extraFramesPerSlot: number;
  /** Most extra frames, summed over tracks (one frame of one track = one pose run). */
  budgetFrames: number;
  /** Slower moves (body heights per second) are never worth a second look. */
  minSpeed: number;
}

/**
 * Chooses, per track, the slots to sample at the source rate: the fastest moves first, each with
 * the slot before and the slot after (an impact or a release can sit just outside the interval
 * where the limbs were seen to move fastest: the follow-through is often as fast), until the
 * budget is spent. Answers track id -> slots.
 */
export function planDenseSlots(
  tracks: PixelTrack[],
  options: DensePlanOptions,
): Map<number, Set<number>> {
  const { fps, extraFramesPerSlot, budgetFrames, minSpeed } = options;
  const chosen = new Map<number, Set<number>>();
  if (extraFramesPerSlot <= 0 || budgetFrames < extraFramesPerSlot) return chosen;
  const candidates: { track: number; first: number; speed: number }[] = [];
  for (const track of tracks) {
    for (let i = 1; i < track.samples.length; i++) {
      const a = track.samples[i - 1]!;
      const b = track.samples[i]!;
      const first = slotOf(a.t, fps);
      // Only neighbouring base samples: across a gap the move is not known.
      if (slotOf(b.t, fps) !== first + 1) continue;
      const speed = limbSpeed(a, b);
      if (speed >= minSpeed) candidates.push({ track: track.id, first, speed });
    }
  }
  candidates.sort((a, b) => b.speed - a.speed || a.first - b.first);
  let spent = 0;
  for (const { track, first } of candidates) {
    const slots = chosen.get(track) ?? new Set<number>();
    const added = [first - 1, first, first + 1].filter((slot) => slot >= 0 && !slots.has(slot));
    const cost = added.length * extraFramesPerSlot;
    if (spent + cost > budgetFrames) continue;
    spent += cost;
    added.forEach((slot) => slots.add(slot));
    chosen.set(track, slots);
  }
  return chosen;
}

export interface DenseRun {
  /** First slot of the run. */
  from: number;
  /** Slot after the last. */
  to: number;
  /** The tracks followed in every slot of the run. */
  tracks: number[];
}

/**
 * The chosen slots as runs in time order: consecutive slots with the same tracks are one run, so
 * every track of a run is followed through all of it.
 */
export function denseRuns(slots: Map<number, Set<number>>): DenseRun[] {
  const bySlot = new Map<number, number[]>();
  for (const [track, chosen] of slots) {
    for (const slot of chosen) bySlot.set(slot, [...(bySlot.get(slot) ?? []), track]);
  }
  const runs: DenseRun[] = [];
  for (const slot of [...bySlot.keys()].sort((a, b) => a - b)) {
    const tracks = bySlot.get(slot)!.sort((a, b) => a - b);
    const last = runs.at(-1);
    if (last && last.to === slot && last.tracks.join() === tracks.join()) last.to = slot + 1;
    else runs.push({ from: slot, to: slot + 1, tracks });
  }
  return runs;
}

/**
 * A track's base samples with its dense ones, in time order. Where a dense frame is the very
 * frame a base sample came from (times within `tolerance`), the base sample stays: it may carry a
 * detector box and a face. Dense samples are marked, so `!sample.dense` is the base-rate series.
 */
export function mergeDenseSamples(
  base: TrackedSample[],
  dense: TrackedSample[],
  tolerance: number,
): TrackedSample[] {
  const merged = [...base];
  const baseTimes = base.map((s) => s.t).sort((a, b) => a - b);
  for (const sample of dense) {
    if (nearest(baseTimes, sample.t) <= tolerance) continue;
    merged.push({ ...sample, dense: true });
  }
  merged.sort((a, b) => a.t - b.t);
  return merged.filter((s, i) => i === 0 || s.t - merged[i - 1]!.t > tolerance);
}

/** Distance from `t` to the closest value of a sorted list (Infinity when empty). */
function nearest(sorted: number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  const after = sorted[lo];
  const before = sorted[lo - 1];
  return Math.min(
    after === undefined ? Infinity : after - t,
    before === undefined ? Infinity : t - before,
  );
}
