import type { BodyMoment } from './body-series';
import { median, smooth } from './geometry';

export type Repetition = {
  index: number;
  start: number;
  bottom: number;
  end: number;
  /** How far the hips dropped, in body lengths (shoulder to ankle). */
  depth: number;
  /** The clip ended on the way back up: the bottom was seen, the finish was not. */
  cutOff: boolean;
};

// Hysteresis on hip drop (in body lengths): deeper than ENTER starts a rep, back above LEAVE
// ends it. Two thresholds keep a wobble at the bottom from counting twice.
const ENTER = 0.06;
const LEAVE = 0.025;

/**
 * Repetitions of an up-and-down movement (squats, lunges) from the height of the hips. The
 * standing height is the top of the range the athlete keeps returning to. Moments inside
 * `skip` (jumps, from loading dip to landing) are left out: a jump is not a squat, and its
 * time in the air would raise that top.
 */
export function findRepetitions(
  allMoments: BodyMoment[],
  skip: { start: number; end: number }[] = [],
): Repetition[] {
  const moments = allMoments.filter((m) => !skip.some((w) => m.t >= w.start && m.t <= w.end));
  if (moments.length < 5) return [];
  const bodyLength = median(moments.map((m) => m.bodyLength).filter((v): v is number => !!v));
  if (!bodyLength) return [];
  const hipY = smooth(
    moments.map((m) => m.hip.y),
    1,
  );
  const standing = [...hipY].sort((a, b) => a - b)[Math.floor(hipY.length * 0.1)]!;
  const drop = hipY.map((y) => (y - standing) / bodyLength);

  const repetitions: Repetition[] = [];
  let startIndex: number | undefined;
  let lastHighIndex = 0;
  let deepestIndex = 0;
  for (let i = 0; i < drop.length; i += 1) {
    if (startIndex === undefined) {
      if (drop[i]! <= LEAVE) lastHighIndex = i;
      if (drop[i]! >= ENTER) {
        startIndex = lastHighIndex;
        deepestIndex = i;
      }
    } else {
      if (drop[i]! > drop[deepestIndex]!) deepestIndex = i;
      if (drop[i]! <= LEAVE) {
        repetitions.push({
          index: repetitions.length + 1,
          start: moments[startIndex]!.t,
          bottom: moments[deepestIndex]!.t,
          end: moments[i]!.t,
          depth: drop[deepestIndex]!,
          cutOff: false,
        });
        startIndex = undefined;
        lastHighIndex = i;
      }
    }
  }
  // A rep whose bottom was passed before the clip ended still counts; its tempo does not.
  const last = drop.length - 1;
  if (startIndex !== undefined && deepestIndex < last && drop[last]! < drop[deepestIndex]! * 0.8) {
    repetitions.push({
      index: repetitions.length + 1,
      start: moments[startIndex]!.t,
      bottom: moments[deepestIndex]!.t,
      end: moments[last]!.t,
      depth: drop[deepestIndex]!,
      cutOff: true,
    });
  }
  return repetitions;
}
