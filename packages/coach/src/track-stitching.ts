import type { PoseSample, PoseTrack } from './pose';

// A person the detector loses for a moment (arms flung wide, a blur, a turn) comes back as a
// new track. A fragment that starts within this long after another ended...
const MAX_GAP_SECONDS = 2;
// ...with its box centre this close to where the other left off (in the box's own heights)...
const MAX_JUMP_HEIGHTS = 0.75;
// ...and about the same size, is the same person.
const MAX_SIZE_RATIO = 1.6;

const centre = (s: PoseSample) => ({ x: s.box[0] + s.box[2] / 2, y: s.box[1] + s.box[3] / 2 });

function continues(before: PoseTrack, after: PoseTrack): boolean {
  const last = before.samples.at(-1);
  const first = after.samples[0];
  if (!last || !first) return false;
  const gap = first.t - last.t;
  if (gap <= 0 || gap > MAX_GAP_SECONDS) return false;
  const height = Math.max(last.box[3], first.box[3]);
  const ratio = height / Math.max(1e-6, Math.min(last.box[3], first.box[3]));
  const a = centre(last);
  const b = centre(first);
  return ratio <= MAX_SIZE_RATIO && Math.hypot(a.x - b.x, a.y - b.y) <= MAX_JUMP_HEIGHTS * height;
}

/**
 * Tracks with the fragments of one person joined: each track, in order of its start, is
 * appended to the track it best continues (the nearest in time that ended before it began,
 * unclaimed by another fragment). Tracks that overlap in time are always different people.
 */
export function stitchFragments(tracks: PoseTrack[]): PoseTrack[] {
  const ordered = [...tracks]
    .filter((track) => track.samples.length)
    .sort((a, b) => a.samples[0]!.t - b.samples[0]!.t);
  const joined: PoseTrack[] = [];
  for (const track of ordered) {
    const before = joined
      .filter((candidate) => continues(candidate, track))
      .sort((a, b) => b.samples.at(-1)!.t - a.samples.at(-1)!.t)[0];
    if (before) {
      const index = joined.indexOf(before);
      joined[index] = {
        ...before,
        samples: [...before.samples, ...track.samples],
        jerseyColor: before.jerseyColor ?? track.jerseyColor,
      };
    } else {
      joined.push(track);
    }
  }
  return joined;
}
