import type { CoachingPoint } from '@filmroom/contract';
import { Repeat2Icon, XIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { useElementSize } from '@/hooks/use-element-size';
import { formatTimelineLabel } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { draggedRange, formatRangeTime } from '../../lib/time-range';
import type { StoryboardTile } from '@/lib/storyboard';
import type { TimeRange } from '../../lib/time-range';
import { clusterMarkers } from '../../lib/marker-clusters';
import { markerPercent } from '../../lib/timeline';
import { ScrubBar } from './scrub-bar';
import { TimelineMarkerCluster } from './timeline-marker-cluster';
import type { RangeLoop } from './use-range-loop';

/** A marker another feature puts on the timeline (an annotation), in its own lane. */
export type TimelineMarker = {
  key: string;
  seconds: number;
  /** A range note ends here: drawn as a band from `seconds`. */
  endSeconds?: number;
  /** What the note holds, told apart by the marker's shape (the label names it too). */
  kind?: 'text' | 'voice' | 'drawing';
  /** Dealt with (a resolved note): drawn faded. */
  muted?: boolean;
  /** The accessible name and tooltip. */
  label: string;
  /** A short line for a list of markers at one moment ("Casey Coach: Knees out"). */
  summary?: string;
  /** A CSS colour for the marker's fill. */
  colour: string;
  onSelect: () => void;
};

type TimelineOverlayProps = {
  points: readonly CoachingPoint[];
  /** Drawn in a lane above the coaching points, so two at the same moment stay apart. */
  extraMarkers?: readonly TimelineMarker[];
  duration: number;
  currentTime: number;
  activePoint: CoachingPoint | null;
  onSeek: (seconds: number) => void;
  /** Lifted above the native control bar while it shows. */
  raised: boolean;
  /** The marked range and the loop: drawn as a band, set by dragging along the markers' lane. */
  rangeLoop?: RangeLoop;
  /** The storyboard's tiles: the track becomes a seek slider that previews frames. */
  storyboard?: readonly StoryboardTile[] | null;
};

// A diamond for words, a disc for a voice note, a square for a drawing.
const KIND_SHAPES = {
  text: 'rotate-45 rounded-[3px]',
  voice: 'rounded-full',
  drawing: 'rounded-[2px]',
} as const;

/**
 * Spec §2: markers for the coaching points along the bottom; a click seeks to the point. Other
 * features' markers (annotations) get a lane above, where range notes are bands and a drag
 * marks a range (issue 16). The track is drawn only with markers or a marked range and a known
 * duration (spec §5); the lane is there to drag on whenever the duration is known.
 */
export function TimelineOverlay({
  points,
  extraMarkers = [],
  duration,
  currentTime,
  activePoint,
  onSeek,
  raised,
  rangeLoop,
  storyboard = null,
}: TimelineOverlayProps) {
  const laneRef = useRef<HTMLDivElement>(null);
  const lane = useElementSize(laneRef);
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const placed = points
    .map((point) => ({ point, percent: markerPercent(point.timestamp, duration) }))
    .filter(
      (marker): marker is { point: CoachingPoint; percent: number } => marker.percent !== null,
    );
  const placedExtras = extraMarkers
    .map((marker) => ({ marker, percent: markerPercent(marker.seconds, duration) }))
    .filter(
      (extra): extra is { marker: TimelineMarker; percent: number } => extra.percent !== null,
    );
  // Markers that would overlap at this width are drawn as one, with their count.
  const clusters = clusterMarkers(placedExtras, lane.width);
  const known = markerPercent(0, duration) !== null;
  const marks = rangeLoop?.marks;
  const shownRange: TimeRange | null = drag
    ? draggedRange(drag.from, drag.to)
    : (rangeLoop?.looping ?? rangeLoop?.range ?? null);
  const pendingIn = !shownRange && marks?.in != null ? marks.in : null;
  const hasMarks = shownRange !== null || pendingIn !== null;
  const scrubbable = storyboard !== null && storyboard.length > 0;
  const draws = placed.length > 0 || placedExtras.length > 0 || hasMarks || scrubbable;
  if (!known || (!draws && !rangeLoop)) return null;
  const playhead = markerPercent(currentTime, duration) ?? 0;

  const secondsAt = (clientX: number) => {
    const box = laneRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return 0;
    return Math.min(1, Math.max(0, (clientX - box.left) / box.width)) * duration;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !rangeLoop) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = secondsAt(event.clientX);
    setDrag({ from: at, to: at });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, to: secondsAt(event.clientX) });
  };
  const onPointerUp = () => {
    if (!drag) return;
    const range = draggedRange(drag.from, drag.to);
    // A click that hardly moved is not a range; it leaves the marks as they were.
    if (range) rangeLoop?.mark(range);
    setDrag(null);
  };

  return (
    <div
      className={cn(
        'pointer-events-none absolute inset-x-3 z-10 transition-[bottom] duration-200 sm:inset-x-4',
        // Chromium's control bar is about 64 px tall at any width.
        raised ? 'bottom-[4.25rem]' : 'bottom-3',
      )}
    >
      {rangeLoop && hasMarks ? (
        <RangeChip
          range={shownRange}
          pendingIn={pendingIn}
          duration={duration}
          looping={rangeLoop.looping !== null}
          canLoop={rangeLoop.looping !== null || rangeLoop.range !== null}
          onToggleLoop={rangeLoop.toggleLoop}
          onClear={rangeLoop.clear}
        />
      ) : null}
      <div ref={laneRef} className="relative h-4">
        {rangeLoop ? (
          <div
            data-testid="timeline-range-strip"
            title="Drag to mark a range (or press I and O)"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => setDrag(null)}
            className={cn(
              'pointer-events-auto absolute inset-x-0 inset-y-0 cursor-crosshair touch-none rounded-sm transition-colors',
              draws ? 'bg-white/10 hover:bg-white/20' : 'hover:bg-white/15',
            )}
          />
        ) : null}
        {shownRange ? (
          <div
            aria-hidden
            data-testid="timeline-marked-range"
            className={cn(
              'absolute inset-y-0 rounded-sm border-x-2 border-signal bg-signal/35',
              rangeLoop?.looping && 'bg-signal/55',
            )}
            style={bandStyle(shownRange.start, shownRange.end, duration)}
          />
        ) : null}
        {pendingIn !== null ? (
          <div
            aria-hidden
            className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-signal"
            style={{ left: `${markerPercent(pendingIn, duration) ?? 0}%` }}
          />
        ) : null}
        {placedExtras.length > 0 ? (
          <ol aria-label="Annotations on the timeline" className="absolute inset-0">
            {clusters.map(({ members, percent }) => {
              const marker = members[0]!.marker;
              return (
                <li key={marker.key}>
                  {members.map(({ marker: member }) =>
                    member.endSeconds !== undefined ? (
                      <span
                        key={member.key}
                        aria-hidden
                        data-testid="timeline-annotation-band"
                        className={cn(
                          'absolute bottom-[5px] h-1 rounded-full opacity-80',
                          member.muted && 'opacity-35',
                        )}
                        style={{
                          ...bandStyle(member.seconds, member.endSeconds, duration),
                          backgroundColor: member.colour,
                        }}
                      />
                    ) : null,
                  )}
                  {members.length > 1 ? (
                    <TimelineMarkerCluster
                      markers={members.map((member) => member.marker)}
                      percent={percent}
                      laneWidth={lane.width}
                    />
                  ) : (
                    <button
                      type="button"
                      onClick={marker.onSelect}
                      aria-label={marker.label}
                      title={marker.label}
                      data-testid="timeline-annotation-marker"
                      data-kind={marker.kind ?? 'text'}
                      style={{ left: `${percent}%`, backgroundColor: marker.colour }}
                      className={cn(
                        'pointer-events-auto absolute bottom-0.5 size-3 -translate-x-1/2 border-[1.5px] border-white shadow-md transition-[scale,opacity] outline-none hover:scale-125 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-black',
                        KIND_SHAPES[marker.kind ?? 'text'],
                        marker.muted && 'border-white/60 opacity-45 hover:opacity-100',
                      )}
                    />
                  )}
                </li>
              );
            })}
          </ol>
        ) : null}
      </div>
      {draws ? (
        <>
          <div className="relative h-6">
            {scrubbable ? (
              <ScrubBar
                duration={duration}
                currentTime={currentTime}
                onSeek={onSeek}
                tiles={storyboard}
              />
            ) : null}
            <div
              aria-hidden
              className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-white/30"
            >
              <div className="h-full rounded-full bg-white/70" style={{ width: `${playhead}%` }} />
            </div>
            {placed.length > 0 ? (
              <ol aria-label="Coaching points">
                {placed.map(({ point, percent }) => {
                  const active = point === activePoint;
                  const label = formatTimelineLabel(point.timestamp);
                  return (
                    <li key={`${point.timestamp}-${point.title}`}>
                      <button
                        type="button"
                        onClick={() => onSeek(point.timestamp)}
                        aria-label={`${label} ${point.title}`}
                        aria-current={active ? 'true' : undefined}
                        title={`${label} · ${point.title}`}
                        style={{ left: `${percent}%` }}
                        className={cn(
                          'pointer-events-auto absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-signal shadow-md transition-transform outline-none hover:scale-125 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-black',
                          active && 'scale-125 bg-white',
                        )}
                      />
                    </li>
                  );
                })}
              </ol>
            ) : null}
          </div>
          <div
            aria-hidden
            className="mt-0.5 flex justify-between text-[0.65rem] font-semibold text-white/85 tabular-nums [text-shadow:0_1px_2px_rgb(0_0_0/0.8)]"
          >
            <span>{formatTimelineLabel(0)}</span>
            <span>{formatTimelineLabel(duration)}</span>
          </div>
        </>
      ) : null}
    </div>
  );
}

function bandStyle(start: number, end: number, duration: number) {
  const left = markerPercent(start, duration) ?? 0;
  const right = markerPercent(end, duration) ?? left;
  return { left: `${left}%`, width: `${Math.max(0.5, right - left)}%` };
}

/** The marked range's times with Loop and Clear, above its band. */
function RangeChip({
  range,
  pendingIn,
  duration,
  looping,
  canLoop,
  onToggleLoop,
  onClear,
}: {
  range: TimeRange | null;
  pendingIn: number | null;
  duration: number;
  looping: boolean;
  canLoop: boolean;
  onToggleLoop: () => void;
  onClear: () => void;
}) {
  const rowRef = useRef<HTMLDivElement>(null);
  const chipRef = useRef<HTMLDivElement>(null);
  const row = useElementSize(rowRef);
  const chip = useElementSize(chipRef);
  const centre = range ? (range.start + range.end) / 2 : (pendingIn ?? 0);
  // Centred over the band, but kept inside the lane so it never slides out of the picture.
  const centrePx = ((markerPercent(centre, duration) ?? 50) / 100) * row.width;
  const left = Math.max(0, Math.min(row.width - chip.width, centrePx - chip.width / 2));
  const text = range
    ? `${looping ? 'Looping' : 'Range'} ${formatRangeTime(range.start)} to ${formatRangeTime(range.end)}`
    : `In at ${formatRangeTime(pendingIn ?? 0)}, press O for the out point`;
  return (
    <div ref={rowRef} className="relative mb-1 h-7">
      <div
        ref={chipRef}
        data-testid="timeline-range-chip"
        className="pointer-events-auto absolute bottom-0 flex items-center gap-0.5 rounded-full bg-black/75 py-0.5 pr-0.5 pl-2.5 text-xs font-semibold whitespace-nowrap text-white shadow-md ring-1 ring-white/20 backdrop-blur-sm"
        style={{ left }}
      >
        <span role="status" className="tabular-nums">
          {text}
        </span>
        {canLoop ? (
          <button
            type="button"
            onClick={onToggleLoop}
            aria-pressed={looping}
            title="Loop the range (R)"
            className={cn(
              'ml-1 inline-flex h-6 items-center gap-1 rounded-full px-2 outline-none focus-visible:ring-2 focus-visible:ring-white',
              looping
                ? 'bg-signal text-signal-foreground'
                : 'bg-white/15 text-white hover:bg-white/25',
            )}
          >
            <Repeat2Icon className="size-3.5" aria-hidden />
            Loop
          </button>
        ) : null}
        <button
          type="button"
          onClick={onClear}
          aria-label="Clear the range"
          title="Clear the range"
          className="grid size-6 place-items-center rounded-full text-white/80 outline-none hover:bg-white/20 hover:text-white focus-visible:ring-2 focus-visible:ring-white"
        >
          <XIcon className="size-3.5" aria-hidden />
        </button>
      </div>
    </div>
  );
}
