import type { PlayerDetection } from '@filmroom/contract';
import { formatTimelineLabel } from '@/lib/format-time';

/** Spec §9: detections within 0.1 s of each other count as one marker on the bar. */
const DETECTION_GROUP_WINDOW_S = 0.1;

/** A marker on the Detections timeline bar: one moment and how many detections it holds. */
export type DetectionMarker = {
  /** The group's earliest detection time, which a click seeks to. */
  timestamp: number;
  count: number;
  /** Height as a percentage of the bar: spec §9, 30 % plus 10 % per detection, at most 100 %. */
  heightPercent: number;
  /** Position along the bar as a percentage of the latest detection time. */
  leftPercent: number;
};

export type DetectionsTimeline = {
  markers: DetectionMarker[];
  /** The bar's left end: 0:00, or the start of the range the detections were found in. */
  start: number;
  /** The latest detection time (or the range's end): the bar's right end and its end label. */
  end: number;
};

export function markerHeightPercent(count: number): number {
  return Math.min(100, 30 + 10 * count);
}

/**
 * Spec §9: a time's place along the bar as a percentage of the latest detection time, clamped
 * to the bar. When every detection is at 0 s the bar has no length and all sits at its start.
 * A range's bar starts at the range's start instead of 0:00.
 */
export function timelinePercent(seconds: number, end: number, start = 0): number {
  if (!(end > start) || !Number.isFinite(seconds)) return 0;
  return Math.min(100, Math.max(0, ((seconds - start) / (end - start)) * 100));
}

/**
 * Groups the detections into markers. A group starts at its earliest detection and takes the
 * later ones within 0.1 s of that start; anchoring on the start (rather than chaining from
 * neighbour to neighbour) keeps a dense run of detections from merging into one wide marker.
 * The detections of an analysed range lie on a bar spanning that range: from 0:00 they would
 * crowd into a sliver of a long game.
 */
export function detectionsTimeline(
  detections: readonly PlayerDetection[],
  range?: { start: number; end: number },
): DetectionsTimeline {
  const times = detections.map((detection) => detection.timestamp).sort((a, b) => a - b);
  const start = range?.start ?? 0;
  const end = range?.end ?? times.at(-1) ?? 0;
  const groups: { timestamp: number; count: number }[] = [];
  for (const time of times) {
    const last = groups.at(-1);
    // The epsilon keeps 0.1 s apart "within" despite binary floating point (0.3 - 0.2).
    if (last && time - last.timestamp <= DETECTION_GROUP_WINDOW_S + 1e-9) last.count += 1;
    else groups.push({ timestamp: time, count: 1 });
  }
  return {
    start,
    end,
    markers: groups.map((group) => ({
      ...group,
      heightPercent: markerHeightPercent(group.count),
      leftPercent: timelinePercent(group.timestamp, end, start),
    })),
  };
}

/**
 * A marker's time for its name: minutes, two-digit seconds and tenths ("0:04.2"). The tenths
 * tell apart markers in the same second (detections come every half second or so), which the
 * bar's m:ss labels cannot.
 */
export function formatMarkerTime(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  return `${formatTimelineLabel(Math.floor(tenths / 10))}.${tenths % 10}`;
}

/** The marker's accessible name, e.g. "3 detections at 0:04.2". */
export function markerLabel(marker: Pick<DetectionMarker, 'timestamp' | 'count'>): string {
  const noun = marker.count === 1 ? 'detection' : 'detections';
  return `${marker.count} ${noun} at ${formatMarkerTime(marker.timestamp)}`;
}

/** Spec §2: the bar is labelled from 0:00 (or its range's start) to its end as m:ss. */
export function timelineLabels(end: number, start = 0): { start: string; end: string } {
  return { start: formatTimelineLabel(start), end: formatTimelineLabel(end) };
}
