import { COACHING_POINT_CLIP_LEAD_SECONDS } from '@filmroom/contract';

export type ClipDraft = { title: string; start: number; end: number };

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/** A range held inside the video: [0, duration], start before end. */
export function clampRange(
  range: { start: number; end: number },
  duration: number | null,
): { start: number; end: number } {
  const limit = duration ?? Number.POSITIVE_INFINITY;
  const start = Math.max(0, Math.min(range.start, limit));
  const end = Math.max(start, Math.min(range.end, limit));
  return { start: round(start), end: round(end) };
}

/** A coaching point's clip: a few seconds either side of its moment, inside the video. */
export function rangeAroundMoment(seconds: number, duration: number | null) {
  return clampRange(
    {
      start: seconds - COACHING_POINT_CLIP_LEAD_SECONDS,
      end: seconds + COACHING_POINT_CLIP_LEAD_SECONDS,
    },
    duration,
  );
}
