import type { PlayerDetection } from '@filmroom/contract';
import { ScanFaceIcon, UserRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatPointTimestamp } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { useDetectPlayers } from '../api/detect-players';
import { usePlayer } from '../api/get-player';
import { confidenceTone } from '../lib/confidence-tone';
import { detectionsNear } from '../lib/detections-near';
import { DetectionsTimelineBar } from './detections-timeline-bar';

type PlayersPanelProps = {
  videoId: string;
  detections: readonly PlayerDetection[];
  currentTime: number;
  /** Detect Players is for the owner and editors only (spec §6). */
  editable: boolean;
  /** Seeks the player to a detection time picked on the timeline bar. */
  onSeek: (seconds: number) => void;
};

const TONE_CLASS = {
  high: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  low: 'bg-destructive/10 text-destructive',
};

/**
 * Spec §2 Players tab: Detect Players, the Detections timeline bar, and the players detected
 * near the playback time.
 */
export function PlayersPanel({
  videoId,
  detections,
  currentTime,
  editable,
  onSeek,
}: PlayersPanelProps) {
  const detect = useDetectPlayers(videoId);
  const [selected, setSelected] = useState<number | null>(null);
  const near = detectionsNear(detections, currentTime);
  return (
    <div className="grid gap-3">
      {editable ? (
        <div className="flex justify-end">
          <Button
            variant="outline"
            size="sm"
            disabled={detect.isPending}
            onClick={() => detect.mutate()}
          >
            {detect.isPending ? <Spinner /> : <ScanFaceIcon aria-hidden />}
            {detect.isPending ? 'Processing...' : 'Detect Players'}
          </Button>
        </div>
      ) : null}
      <DetectionsTimelineBar
        detections={detections}
        currentTime={currentTime}
        selected={selected}
        onSelect={(timestamp) => {
          // Selecting a moment also seeks there: the list below then shows who is in it.
          setSelected(timestamp);
          onSeek(timestamp);
        }}
        busy={detect.isPending}
      />
      {near.length === 0 ? (
        <EmptyState
          icon={ScanFaceIcon}
          title="No players detected at current timestamp"
          description={
            detections.length === 0
              ? 'No players have been found in this video yet.'
              : 'Players found in the video show here as playback reaches them. Pick a moment on the timeline to jump to it.'
          }
          className="py-10 sm:py-12"
        />
      ) : (
        <ul className="grid gap-2" aria-live="polite">
          {near.map((detection, index) => (
            <DetectionRow key={`${detection.timestamp}-${index}`} detection={detection} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DetectionRow({ detection }: { detection: PlayerDetection }) {
  const player = usePlayer(detection.playerMatchId);
  const name = detection.playerMatchId ? (player.data?.name ?? '…') : 'Unidentified Player';
  const percent = Math.round(detection.confidence * 100);
  return (
    <li className="flex items-center gap-3 rounded-lg border bg-card p-3">
      {player.data?.photoUrl ? (
        <img src={player.data.photoUrl} alt="" className="size-9 rounded-full object-cover" />
      ) : (
        <span className="grid size-9 place-items-center rounded-full bg-muted text-muted-foreground">
          <UserRoundIcon className="size-4" aria-hidden />
        </span>
      )}
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate font-medium">{name}</p>
        <p className="text-xs text-muted-foreground">
          {[
            detection.jerseyNumber ? `#${detection.jerseyNumber}` : null,
            detection.jerseyColor,
            detection.faceDetected ? 'face seen' : null,
            formatPointTimestamp(detection.timestamp),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <span
        className={cn(
          'rounded-md px-2 py-0.5 text-sm font-semibold tabular-nums',
          TONE_CLASS[confidenceTone(detection.confidence)],
        )}
        aria-label={`${percent}% confidence`}
      >
        {percent}%
      </span>
    </li>
  );
}
