import type { AnalysisRanges, PlayerDetection } from '@filmroom/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { ScanFaceIcon, UserRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatPointTimestamp, formatTimeSpan } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { useDetectPlayers } from '../api/detect-players';
import { usePlayer } from '../api/get-player';
import { confidenceTone } from '../lib/confidence-tone';
import { detectionScans, shownScan, type DetectionScan } from '../lib/detection-scans';
import { detectionsNear } from '../lib/detections-near';
import { personKey } from '../lib/detections-on-picture';
import { detectionKey, isPicked, pickAnnouncement } from '../lib/picked-detection';
import type { PickedDetection } from '../lib/picked-detection';
import { DetectionsTimelineBar } from './detections-timeline-bar';
import type { PlayersOnVideo } from './use-players-on-video';

type PlayersPanelProps = {
  videoId: string;
  /** The whole video's detections; null when it has not been analysed whole (a long video). */
  wholeVideo: readonly PlayerDetection[] | null;
  /** The ranges chosen for analysis, each analysed one with its own detections. */
  ranges: UseQueryResult<AnalysisRanges>;
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
  /** The scan on show and the person hovered, shared with the boxes over the video. */
  shared: PlayersOnVideo;
};

const TONE_CLASS = {
  high: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  low: 'bg-destructive/10 text-destructive',
};

/**
 * Spec §2 Players tab: Detect Players, the Detections timeline bar, and the players detected
 * near the playback time. A video analysed in ranges has a scan per range (and maybe one of the
 * whole video): one is shown at a time, chosen by its name, so nobody mistakes one for another.
 */
export function PlayersPanel({
  videoId,
  wholeVideo,
  ranges,
  currentTime,
  editable,
  onSeek,
  picked,
  onPick,
  shared,
}: PlayersPanelProps) {
  const detect = useDetectPlayers(videoId);
  const { chosenScanId: chosenId, setChosenScanId: setChosenId } = shared;
  const rangeList = ranges.data?.ranges ?? [];
  const scans = detectionScans(wholeVideo, rangeList);
  const shown = shownScan(scans, chosenId);
  const running = rangeList.filter(
    (range) =>
      range.status === 'queued' || range.status === 'scanning' || range.status === 'analysing',
  );
  // Detect Players matches the whole video's scan again; a range's scan is not kept to match,
  // and a video analysed in ranges has no whole scan.
  const detectable = editable && (shown ? shown.range === null : rangeList.length === 0);
  const rangesFailed = ranges.isError && ranges.data === undefined;
  // Until the ranges arrive there is nothing to say about a video never analysed whole.
  if (wholeVideo === null && ranges.isPending) return <RangesLoading />;
  if (wholeVideo === null && rangesFailed) return <RangesError ranges={ranges} />;

  return (
    <div className="grid gap-3">
      {detectable ? (
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
      {ranges.isPending ? <RangesLoading /> : null}
      {rangesFailed ? <RangesError ranges={ranges} /> : null}
      {shown && (scans.length > 1 || shown.range) ? (
        <ScanChooser scans={scans} shownId={shown.id} onChoose={setChosenId} />
      ) : null}
      {running.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Being analysed: {running.map(formatTimeSpan).join(', ')}.{' '}
          {running.length === 1 ? 'Its players show' : 'Their players show'} here once ready.
        </p>
      ) : null}
      {/* Keyed by the scan: a marker picked on one scan's bar means nothing on another's. */}
      <ScanDetections
        key={shown?.id ?? 'none'}
        scan={shown}
        currentTime={currentTime}
        onSeek={onSeek}
        picked={picked}
        onPick={onPick}
        hovered={shared.hovered}
        onHover={shared.setHovered}
        busy={detect.isPending && shown?.range === null}
      />
      <p role="status" className="sr-only">
        {pickAnnouncement(picked)}
      </p>
    </div>
  );
}

function RangesLoading() {
  return (
    <div role="status" aria-label="Loading the analysed ranges" className="flex gap-2">
      <Skeleton className="h-8 w-28" />
      <Skeleton className="h-8 w-24" />
    </div>
  );
}

function RangesError({ ranges }: { ranges: UseQueryResult<AnalysisRanges> }) {
  return (
    <Card className="gap-3 p-4" role="alert">
      <p className="text-sm">The analysed ranges could not load: {ranges.error?.message}</p>
      <Button
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={ranges.isFetching}
        onClick={() => void ranges.refetch()}
      >
        {ranges.isFetching ? <Spinner /> : null}
        Try again
      </Button>
    </Card>
  );
}

/** Which scan's players show: "Whole video" or a range, named as the Analysis tab names it. */
function ScanChooser({
  scans,
  shownId,
  onChoose,
}: {
  scans: DetectionScan[];
  shownId: string;
  onChoose: (id: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <h3 id="players-scans-title" className="text-xs font-semibold text-muted-foreground">
        Players found in
      </h3>
      <div role="group" aria-labelledby="players-scans-title" className="flex flex-wrap gap-1.5">
        {scans.map((scan) => (
          <Button
            key={scan.id}
            variant={scan.id === shownId ? 'secondary' : 'outline'}
            size="sm"
            className={cn(
              scan.range && 'tabular-nums',
              scan.id === shownId && 'ring-1 ring-primary/40',
            )}
            aria-pressed={scan.id === shownId}
            onClick={() => onChoose(scan.id)}
          >
            {scan.label}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** One scan's Detections timeline bar and the players it found near the playback time. */
function ScanDetections({
  scan,
  currentTime,
  onSeek,
  picked,
  onPick,
  hovered,
  onHover,
  busy,
}: {
  scan: DetectionScan | undefined;
  currentTime: number;
  onSeek: (seconds: number) => void;
  picked: PickedDetection | null;
  onPick: (picked: PickedDetection | null) => void;
  hovered: string | null;
  onHover: (key: string | null) => void;
  busy: boolean;
}) {
  const [selected, setSelected] = useState<number | null>(null);
  const detections = scan?.detections ?? [];
  const near = detectionsNear(detections, currentTime);
  return (
    <section
      aria-label={scan?.range ? `Players in ${scan.label}` : 'Players in the whole video'}
      className="grid gap-3"
    >
      <DetectionsTimelineBar
        detections={detections}
        range={scan?.range ?? undefined}
        currentTime={currentTime}
        selected={selected}
        onSelect={(timestamp) => {
          // Selecting a moment also seeks there: the list below then shows who is in it.
          setSelected(timestamp);
          onSeek(timestamp);
        }}
        busy={busy}
      />
      {near.length === 0 ? (
        <EmptyState
          icon={ScanFaceIcon}
          title="No players detected at current timestamp"
          description={emptyDescription(scan)}
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
                  lit={hovered === personKey(detection)}
                  onHover={(on) => onHover(on ? personKey(detection) : null)}
                  onPress={(name) => onPick(pressed ? null : { detection, name })}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function emptyDescription(scan: DetectionScan | undefined): string {
  if (!scan || (scan.range === null && scan.detections.length === 0)) {
    return 'No players have been found in this video yet.';
  }
  if (scan.detections.length === 0) return `No players were found in ${scan.label}.`;
  const where = scan.range ? `in ${scan.label}` : 'in the video';
  return `Players found ${where} show here as playback reaches them. Pick a moment on the timeline to jump to it.`;
}

/**
 * One detection: who, what was seen, when and how sure. A toggle button: pressing it boxes the
 * person over the video at that moment, pressing it again takes the box away.
 */
function DetectionRow({
  detection,
  pressed,
  lit,
  onHover,
  onPress,
}: {
  detection: PlayerDetection;
  pressed: boolean;
  /** The person's box is hovered or focused over the video (or this row is). */
  lit: boolean;
  onHover: (on: boolean) => void;
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
      // Hover and keyboard focus light the person's box over the video.
      onPointerEnter={() => onHover(true)}
      onPointerLeave={() => onHover(false)}
      onFocus={() => onHover(true)}
      onBlur={() => onHover(false)}
      data-testid="detection-row"
      data-lit={lit}
      className={cn(
        // The card stays opaque when pressed or hovered: the confidence badge's tint is measured
        // for contrast against it.
        'flex w-full items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors outline-none',
        'hover:border-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        lit && 'border-primary ring-2 ring-primary/40',
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
            detection.identifiedBy === 'coach' ? 'named by hand' : null,
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
