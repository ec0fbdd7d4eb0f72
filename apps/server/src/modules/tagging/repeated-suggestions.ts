import type { PlayerDetection, SuggestedAction } from '@filmroom/contract';

/**
 * Two recognitions of the same action this close together are one repetition seen twice. Two
 * scans of the same moment place its key event a frame or two apart (under 0.1 s at the 15 to
 * 30 frames a second scanned), while no action suggested recurs by the same athlete this fast:
 * even repeated jumps take about half a second from one take-off to the next, and a shot, a
 * swing, a serve or a stroke far longer.
 */
export const SAME_ACTION_WITHIN_SECONDS = 0.3;

/**
 * The tracked person's detection nearest the key event is used as where they were only within
 * this long of it: the detections are half a second apart along a track.
 */
const PLACE_WITHIN_SECONDS = 0.5;

/**
 * Two boxes are the same person's when they share at least this much of the smaller one: the
 * same person in two scans of the same moment nearly coincide, while people side by side seldom
 * cover half of one another.
 */
const SAME_PLACE_OVERLAP = 0.5;

type Box = [number, number, number, number];

/** A suggested action with where it was found: the whole video's analysis (null) or a range's. */
export type FoundAction = {
  rangeId: string | null;
  action: SuggestedAction;
  /** Where the athlete was at the key event, when their scan's detections say so. */
  box: Box | null;
};

/** Where the tracked person was at `t`, from the detections of the scan that tracked them. */
export function placeAt(
  detections: readonly PlayerDetection[],
  trackId: number,
  t: number,
): Box | null {
  let nearest: PlayerDetection | undefined;
  for (const detection of detections) {
    if (detection.trackId !== trackId || !detection.box) continue;
    if (!nearest || Math.abs(detection.timestamp - t) < Math.abs(nearest.timestamp - t)) {
      nearest = detection;
    }
  }
  return nearest?.box && Math.abs(nearest.timestamp - t) <= PLACE_WITHIN_SECONDS
    ? nearest.box
    : null;
}

/** The share of the smaller box that the two boxes have in common. */
function overlapOfSmaller(a: Box, b: Box): number {
  const width = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const height = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  const smaller = Math.min(a[2] * a[3], b[2] * b[3]);
  return width > 0 && height > 0 && smaller > 0 ? (width * height) / smaller : 0;
}

/**
 * Whether the two are one athlete: the same roster athlete when both were identified; else the
 * same place when both places are known; else nothing tells them apart, and one action by two
 * people within a fraction of a second is far rarer than one action scanned twice.
 */
function sameAthlete(a: FoundAction, b: FoundAction): boolean {
  const [idA, idB] = [a.action.playerMatchId, b.action.playerMatchId];
  if (idA !== null && idB !== null) return idA === idB;
  if (a.box && b.box) return overlapOfSmaller(a.box, b.box) >= SAME_PLACE_OVERLAP;
  return true;
}

/**
 * Whether the two are one action found by two analyses (the whole video's and a range's, or two
 * ranges'): the same movement's key event, by one athlete, within a fraction of a second.
 * Within one analysis nothing repeats: its reading already counted each repetition once.
 */
export function isRepeat(a: FoundAction, b: FoundAction): boolean {
  return (
    a.rangeId !== b.rangeId &&
    a.action.movement === b.action.movement &&
    a.action.event === b.action.event &&
    Math.abs(a.action.t - b.action.t) <= SAME_ACTION_WITHIN_SECONDS &&
    sameAthlete(a, b)
  );
}

/**
 * Each action once: where the whole video's analysis and a range's recognised it, the range's
 * reading is kept, made for that stretch (the earlier range's, when ranges overlap).
 */
export function withoutRepeats<Found extends FoundAction>(found: readonly Found[]): Found[] {
  // Ranges first, in the order given; the whole video's after them, so a range's is the one kept.
  const byPreference = [
    ...found.filter((one) => one.rangeId !== null),
    ...found.filter((one) => one.rangeId === null),
  ];
  const kept: Found[] = [];
  for (const candidate of byPreference) {
    if (!kept.some((one) => isRepeat(one, candidate))) kept.push(candidate);
  }
  return kept;
}
