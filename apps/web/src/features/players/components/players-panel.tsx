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
import { detectionKey, isPicked, pickAnnouncement } from '../lib/picked-detection';
import type { PickedDetection } from '../lib/picked-detection';
import { DetectionsTimelineBar } from './detections-timeline-bar';

type PlayersPanelProps = {
  videoId: string;
  detections: readonly PlayerDetection[];
  currentTime: number;
  /** Detect Players is for the owner and editors only (spec §6). */
  editable: boolean;
  /** Seeks the player to a detection time picked on the timeline bar. */
  onSeek: (seconds: number) => void;
  /** The detection whose person is boxed over the video, if any. */
  picked: PickedDetection | null;
  /**
   * A row pressed (or pressed again, with null): the page pauses the video at the detection's
   * time and boxes the person there.
   */
  onPick: (picked: PickedDetection | null) => void;
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
  picked,
  onPick,
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
          {near.map((detection) => {
            const pressed = isPicked(picked, detection);
            return (
              // Keyed by what the row shows, so a focused row stays put as the list changes.
              <li key={detectionKey(detection)}>
                <DetectionRow
                  detection={detection}
                  pressed={pressed}
                  onPress={(name) => onPick(pressed ? null : { detection, name })}
                />
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="sr-only">
        {pickAnnouncement(picked)}
      </p>
    </div>
  );
}

/**
 * One detection: who, what was seen, when and how sure. A toggle button: pressing it boxes the
 * person over the video at that moment, pressing it again takes the box away.
 */
function DetectionRow({
  detection,
  pressed,
  onPress,
}: {
  detection: PlayerDetection;
  pressed: boolean;
  onPress: (name: string) => void;
}) {
  const player = usePlayer(detection.playerMatchId);
  const name = detection.playerMatchId ? (player.data?.name ?? '…') : 'Unidentified Player';
  const percent = Math.round(detection.confidence * 100);
  return (
    <button
      type="button"
      aria-pressed={pressed}
      title={detection.box ? 'Show this person on the video' : 'Go to this moment in the video'}
      onClick={() => onPress(name)}
      className={cn(
        // The card stays opaque when pressed or hovered: the confidence badge's tint is measured
        // for contrast against it.
        'flex w-full items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors outline-none',
        'hover:border-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        pressed && 'border-primary ring-2 ring-primary/70',
      )}
    >
      {player.data?.photoUrl ? (
        <img src={player.data.photoUrl} alt="" className="size-9 rounded-full object-cover" />
      ) : (
        <span className="grid size-9 place-items-center rounded-full bg-muted text-muted-foreground">
          <UserRoundIcon className="size-4" aria-hidden />
        </span>
      )}
      {/* Spans: a button holds phrasing content only. */}
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-medium">{name}</span>
        <span className="text-xs text-muted-foreground">
          {[
            detection.jerseyNumber ? `#${detection.jerseyNumber}` : null,
            detection.jerseyColor,
            detection.faceDetected ? 'face seen' : null,
            formatPointTimestamp(detection.timestamp),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
      <span
        className={cn(
          'rounded-md px-2 py-0.5 text-sm font-semibold tabular-nums',
          TONE_CLASS[confidenceTone(detection.confidence)],
        )}
        aria-label={`${percent}% confidence`}
      >
        {percent}%
      </span>
    </button>
  );
}
