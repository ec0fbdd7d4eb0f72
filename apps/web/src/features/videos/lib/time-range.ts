/** A stretch of the video, start before end (seconds): a marked range or a range note. */
export type TimeRange = { start: number; end: number };

/** The in and out points marked with I and O (or by dragging on the timeline); null when unset. */
export type RangeMarks = { in: number | null; out: number | null };

export const NO_MARKS: RangeMarks = { in: null, out: null };

/**
 * The shortest range worth marking: less than this is a slip of the finger (an I and O on the
 * same frame, a click on the timeline that wobbled) rather than a stretch to comment on.
 */
const MIN_RANGE_S = 0.1;

/**
 * I: the in point here. An out point at or before it no longer closes a range, so it goes
 * (as in a video editor: marking a new in after the old out starts a new range).
 */
export function markIn(marks: RangeMarks, seconds: number): RangeMarks {
  const out = marks.out !== null && marks.out > seconds ? marks.out : null;
  return { in: seconds, out };
}

/** O: the out point here; an in point at or after it goes, so the range starts at the video's start. */
export function markOut(marks: RangeMarks, seconds: number): RangeMarks {
  const start = marks.in !== null && marks.in < seconds ? marks.in : null;
  return { in: start, out: seconds };
}

/**
 * The range the marks close, or null while there is none: an out point is needed; without an
 * in point the range starts at 0:00 (an editor's convention: O alone marks "up to here").
 */
export function markedRange(marks: RangeMarks): TimeRange | null {
  if (marks.out === null) return null;
  const start = marks.in ?? 0;
  return marks.out - start >= MIN_RANGE_S ? { start, end: marks.out } : null;
}

/** A drag along the timeline from one time to another, either way; null when it is too short. */
export function draggedRange(from: number, to: number): TimeRange | null {
  const start = Math.min(from, to);
  const end = Math.max(from, to);
  return end - start >= MIN_RANGE_S ? { start, end } : null;
}

/**
 * Where a looping player goes next: back to the range's start once playback reaches its end,
 * else null to keep playing. `lead` is how early the end counts as reached, so a check once
 * per frame wraps before the frame after the out point shows.
 */
export function loopTarget(currentTime: number, range: TimeRange, lead = 0): number | null {
  return currentTime >= range.end - lead ? range.start : null;
}

/**
 * A seek (someone's, not the loop's own) that lands here leaves the loop: the coach clicked a
 * marker or scrubbed elsewhere and means to watch that, not be pulled back into the range.
 */
export function leavesRange(seconds: number, range: TimeRange): boolean {
  return seconds < range.start - 0.05 || seconds > range.end;
}

/** A range time to a tenth of a second ("0:12.4"): marks are set on a frame, not a whole second. */
export function formatRangeTime(seconds: number): string {
  const tenths = Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 10));
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}
