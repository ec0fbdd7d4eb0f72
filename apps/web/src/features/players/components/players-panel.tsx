import type { PlayerDetection } from '@filmroom/contract';
import { ScanFaceIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { formatPointTimestamp } from '@/lib/format-time';
import { detectionsNear } from '../lib/detections-near';

type PlayersPanelProps = {
  detections: readonly PlayerDetection[];
  currentTime: number;
};

/**
 * Spec §2 Players tab: the players detected near the current playback time. Detect Players
 * and the identified players' names come with player detection; until then this lists what
 * the analysis holds, or says there is nothing at this moment.
 */
export function PlayersPanel({ detections, currentTime }: PlayersPanelProps) {
  const near = detectionsNear(detections, currentTime);
  if (near.length === 0) {
    return (
      <EmptyState
        icon={ScanFaceIcon}
        title="No players detected at current timestamp"
        description="Players found in the video show here as playback reaches them."
        className="py-10 sm:py-12"
      />
    );
  }
  return (
    <ul className="grid gap-2">
      {near.map((detection, index) => (
        <li key={index} className="flex items-center justify-between rounded-lg border bg-card p-3">
          <div className="grid gap-0.5">
            <p className="font-medium">Unidentified Player</p>
            <p className="text-xs text-muted-foreground">
              {[
                detection.jerseyNumber ? `#${detection.jerseyNumber}` : null,
                detection.jerseyColor,
                formatPointTimestamp(detection.timestamp),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <span className="text-sm font-semibold tabular-nums">
            {Math.round(detection.confidence * 100)}%
          </span>
        </li>
      ))}
    </ul>
  );
}
