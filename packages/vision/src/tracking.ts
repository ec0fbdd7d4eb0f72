import { centre, iou } from './geometry';
import type { Box, FaceSample, Keypoint } from './types';

/** One person in one frame, in frame pixels, as the tracker receives it. */
export interface Sighting {
  box: Box;
  score: number;
  keypoints: Keypoint[];
  face?: FaceSample;
}

export interface TrackedSample extends Sighting {
  t: number;
  index: number;
  /** Sampled at the source frame rate around a fast movement, between the base samples. */
  dense?: boolean;
}

export interface PixelTrack {
  id: number;
  samples: TrackedSample[];
}

export interface TrackerOptions {
  /** Frames a person may go unseen (occluded, missed) and keep the same id. */
  maxGapFrames: number;
  /** Tracks with fewer samples are dropped as noise when the scan ends. */
  minSamples: number;
}

interface LiveTrack extends PixelTrack {
  lastBox: Box;
  lastIndex: number;
}

/**
 * How alike a known track and a new sighting are: box overlap, plus closeness of the centres
 * measured in body heights so a fast move (a sprint, low frame rate) with little overlap still
 * matches. Zero means "cannot be the same person".
 */
function affinity(track: Box, sighting: Box, gapFrames: number): number {
  const overlap = iou(track, sighting);
  const [ax, ay] = centre(track);
  const [bx, by] = centre(sighting);
  const height = Math.max(track[3], sighting[3], 1);
  const distance = Math.hypot(ax - bx, ay - by) / height;
  // The allowed move grows with the frames missed.
  const reach = 0.5 + 0.25 * gapFrames;
  const near = Math.max(0, 1 - distance / reach);
  const sizeRatio = Math.min(track[3], sighting[3]) / height;
  if (overlap < 0.05 && near === 0) return 0;
  if (sizeRatio < 0.5) return 0;
  return 0.6 * overlap + 0.4 * near;
}

/**
 * Associates sightings frame by frame into stable track ids: greedy matching by affinity (the
 * strongest pairs first), which is enough for the handful of athletes in a coaching clip.
 */
export class PeopleTracker {
  private readonly live: LiveTrack[] = [];
  private readonly finished: LiveTrack[] = [];
  private nextId = 1;

  constructor(private readonly options: TrackerOptions) {}

  /** Adds one frame's sightings; answers the track id each sighting was given, in order. */
  push(index: number, t: number, sightings: Sighting[]): number[] {
    const assigned: number[] = sightings.map(() => 0);
    const candidates = this.live.filter(
      (track) => index - track.lastIndex <= this.options.maxGapFrames + 1,
    );
    // Tracks unseen for too long end here.
    for (const track of this.live.filter((tr) => !candidates.includes(tr))) {
      this.finished.push(track);
    }
    this.live.splice(0, this.live.length, ...candidates);

    const pairs: { track: LiveTrack; sighting: number; score: number }[] = [];
    for (const track of candidates) {
      sightings.forEach((sighting, i) => {
        const score = affinity(track.lastBox, sighting.box, index - track.lastIndex - 1);
        if (score > 0) pairs.push({ track, sighting: i, score });
      });
    }
    pairs.sort((a, b) => b.score - a.score);
    const usedTracks = new Set<LiveTrack>();
    const usedSightings = new Set<number>();
    for (const pair of pairs) {
      if (usedTracks.has(pair.track) || usedSightings.has(pair.sighting)) continue;
      usedTracks.add(pair.track);
      usedSightings.add(pair.sighting);
      const sighting = sightings[pair.sighting]!;
      pair.track.samples.push({ ...sighting, t, index });
      pair.track.lastBox = sighting.box;
      pair.track.lastIndex = index;
      assigned[pair.sighting] = pair.track.id;
    }
    sightings.forEach((sighting, i) => {
      if (usedSightings.has(i)) return;
      assigned[i] = this.nextId;
      this.live.push({
        id: this.nextId++,
        samples: [{ ...sighting, t, index }],
        lastBox: sighting.box,
        lastIndex: index,
      });
    });
    return assigned;
  }

  /** All tracks long enough to be people, in order of first appearance (ids as pushed). */
  tracks(): PixelTrack[] {
    return [...this.finished, ...this.live]
      .filter((track) => track.samples.length >= this.options.minSamples)
      .sort((a, b) => a.id - b.id)
      .map((track) => ({ id: track.id, samples: track.samples }));
  }
}
