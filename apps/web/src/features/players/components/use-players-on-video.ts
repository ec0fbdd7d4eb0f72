import type { AnalysisRange, PlayerDetection } from '@filmroom/contract';
import { useState } from 'react';
import { detectionScans, shownScan } from '../lib/detection-scans';
import type { PersonOnPicture } from '../lib/detections-on-picture';

/**
 * What the Players tab and the boxes over the video share: the scan on show, the person
 * hovered or focused in either, and the person being named. The page holds it, since the two
 * live in different parts of it.
 */
export function usePlayersOnVideo(
  wholeVideo: readonly PlayerDetection[] | null,
  ranges: readonly AnalysisRange[],
) {
  const [chosenScanId, setChosenScanId] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [naming, setNaming] = useState<PersonOnPicture['detection'] | null>(null);
  const shown = shownScan(detectionScans(wholeVideo, ranges), chosenScanId);
  return {
    chosenScanId,
    setChosenScanId,
    hovered,
    setHovered,
    naming,
    setNaming,
    /** The shown scan's detections, for the boxes. */
    detections: shown?.detections ?? [],
    /** Names are kept for the whole video's scan, the one Detect Players runs again. */
    nameable: shown?.range === null,
  };
}

export type PlayersOnVideo = ReturnType<typeof usePlayersOnVideo>;
