import type { AnalysisRange, PlayerDetection } from '@filmroom/contract';
import { formatTimeSpan } from '@/lib/format-time';

/** The players one scan found: the whole video's, or one analysed range's. */
export type DetectionScan = {
  /** `video` for the whole video's scan, else the range's id. */
  id: string;
  /** Its name in the tab: "Whole video", or the range's span as the Analysis tab names it. */
  label: string;
  detections: readonly PlayerDetection[];
  /** The range it covers; null for the whole video. */
  range: AnalysisRange | null;
};

const WHOLE_VIDEO = 'video';

/**
 * The scans with players to show: the whole video's (when it was analysed whole), then each
 * range analysed, oldest first as the Analysis tab lists them. Ranges may overlap each other and
 * the whole video's scan, so each keeps its own detections rather than merging them.
 */
export function detectionScans(
  wholeVideo: readonly PlayerDetection[] | null,
  ranges: readonly AnalysisRange[],
): DetectionScan[] {
  const analysed = ranges.flatMap((range) =>
    range.status === 'ready' && range.analysis
      ? [
          {
            id: range.id,
            label: formatTimeSpan(range),
            detections: range.analysis.playerDetections,
            range,
          },
        ]
      : [],
  );
  return wholeVideo
    ? [{ id: WHOLE_VIDEO, label: 'Whole video', detections: wholeVideo, range: null }, ...analysed]
    : analysed;
}

/**
 * The scan on show: the one picked, else the whole video's, else the range analysed last (the
 * one the Analysis tab shows first).
 */
export function shownScan(
  scans: readonly DetectionScan[],
  pickedId: string | null,
): DetectionScan | undefined {
  return (
    scans.find((scan) => scan.id === pickedId) ??
    scans.find((scan) => scan.range === null) ??
    scans.at(-1)
  );
}
