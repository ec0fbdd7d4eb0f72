import {
  measurementOverlays,
  overlaysNeedPoses,
  type MovementEvent,
  type VideoDetail,
} from '@filmroom/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_PLAYBACK_SPEED } from '@/lib/playback-speed';
import type { PlaybackSpeed } from '@/lib/playback-speed';
import { cn } from '@/lib/utils';
import { useCompareMeasurements } from '../api/get-compare-measurements';
import { useComparePoses } from '../api/get-compare-poses';
import {
  alignedKeyMetrics,
  mainReading,
  matchingMetrics,
  syncableEvents,
  syncedRepRows,
} from '../lib/compare-numbers';
import { compareKeyAction } from '../lib/compare-keys';
import type { CompareMoment } from '../lib/compare-url';
import type { SideKey } from '../lib/side-colours';
import { nudgeSyncPoint, sharedRange, sideTime, stepFrames } from '../lib/sync';
import { CompareControls } from './compare-controls';
import { CompareNumbers } from './compare-numbers';
import { CompareStage } from './compare-stage';
import { SideHeader } from './side-header';
import { useLockstep } from './use-lockstep';

type PlayableVideo = VideoDetail & { url: string };

type CompareSessionProps = {
  videoA: PlayableVideo;
  videoB: PlayableVideo;
  a: CompareMoment;
  b: CompareMoment;
  overlay: boolean;
  /** The comparison changed (a sync point, the overlay): the address follows it. */
  onChange: (next: { a: CompareMoment; b: CompareMoment; overlay: boolean }) => void;
  /** Asks for another video on a side (the library picker). */
  onChangeVideo: (side: SideKey) => void;
};

const DEFAULT_OPACITY = 0.5;

/** A side's saved measurements as drawn over its picture, worked out once per change. */
function useSideOverlays(
  video: PlayableVideo,
  saved: Parameters<typeof measurementOverlays>[0] | undefined,
  poses: Parameters<typeof measurementOverlays>[1]['poses'],
) {
  const { width, height } = video;
  const slowMotionFactor = video.analysis?.timing?.slowMotionFactor ?? null;
  return useMemo(
    () =>
      saved && width && height
        ? measurementOverlays(saved, { poses, picture: { width, height }, slowMotionFactor })
        : [],
    [saved, poses, width, height, slowMotionFactor],
  );
}

/** Both videos loaded: the two pictures, the one control bar and the numbers. */
export function CompareSession({
  videoA,
  videoB,
  a,
  b,
  overlay,
  onChange,
  onChangeVideo,
}: CompareSessionProps) {
  const refA = useRef<HTMLVideoElement>(null);
  const refB = useRef<HTMLVideoElement>(null);
  const [durations, setDurations] = useState({
    a: videoA.duration ?? Infinity,
    b: videoB.duration ?? Infinity,
  });
  const [ready, setReady] = useState({ a: false, b: false });
  const [speed, setSpeed] = useState<PlaybackSpeed>(DEFAULT_PLAYBACK_SPEED);
  const [skeletons, setSkeletons] = useState(false);
  const [opacity, setOpacity] = useState(DEFAULT_OPACITY);
  const range = sharedRange(
    { syncPoint: a.seconds, duration: durations.a },
    { syncPoint: b.seconds, duration: durations.b },
  );
  const lockstep = useLockstep({
    a: { ref: refA, syncPoint: a.seconds },
    b: { ref: refB, syncPoint: b.seconds },
    range,
    speed,
  });
  const measurementsA = useCompareMeasurements(videoA.id);
  const measurementsB = useCompareMeasurements(videoB.id);
  // Joint paths, angles and a point's ground on a court read the scan: their side fetches it.
  const needsPoses = (saved: typeof measurementsA.data) => overlaysNeedPoses(saved ?? []);
  const posesA = useComparePoses(a.videoId, {
    enabled: (skeletons || needsPoses(measurementsA.data)) && videoA.analysis !== null,
  });
  const posesB = useComparePoses(b.videoId, {
    enabled: (skeletons || needsPoses(measurementsB.data)) && videoB.analysis !== null,
  });
  const overlaysA = useSideOverlays(videoA, measurementsA.data, posesA.data);
  const overlaysB = useSideOverlays(videoB, measurementsB.data, posesB.data);
  const readingA = mainReading(videoA.analysis);
  const readingB = mainReading(videoB.analysis);
  const events = syncableEvents(readingA, readingB);

  const moments = { a, b };
  const refs = { a: refA, b: refB };
  const change = (side: SideKey, seconds: number, next: { overlay?: boolean } = {}) =>
    onChange({
      ...moments,
      [side]: { ...moments[side], seconds },
      overlay: next.overlay ?? overlay,
    });

  /** This frame is the side's sync point: the shared time restarts there, the other side goes to its own. */
  const mark = (side: SideKey) => {
    const video = refs[side].current;
    if (!video) return;
    lockstep.pause();
    change(side, video.currentTime);
    lockstep.rebase(0);
  };
  const pickEvent = (side: SideKey, event: MovementEvent) => {
    lockstep.pause();
    change(side, event.t);
    lockstep.rebase(0);
  };
  /** One side alone moves by frames: its sync point moves with it, the shared time stays. */
  const stepSide = (side: SideKey, frames: number) => {
    lockstep.pause();
    change(side, nudgeSyncPoint(moments[side].seconds, frames, durations[side]));
  };
  const stepBoth = (frames: number) => {
    lockstep.pause();
    lockstep.seek(stepFrames(lockstep.sharedTime, frames));
  };
  const toggle = () => (lockstep.playing ? lockstep.pause() : lockstep.play());

  // The latest handlers for the one keyboard listener.
  const keys = useRef({ toggle, stepBoth, stepSide });
  keys.current = { toggle, stepBoth, stepSide };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const focus = document.activeElement as HTMLElement | null;
      const action = compareKeyAction(
        event,
        focus && focus !== document.body
          ? {
              tagName: focus.tagName,
              isContentEditable: focus.isContentEditable,
              type: (focus as HTMLInputElement).type,
            }
          : null,
      );
      // A dialog (the video picker) open over the page keeps its keys.
      if (!action || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      if (action === 'toggle') keys.current.toggle();
      else if (action === 'previous-frame') keys.current.stepBoth(-1);
      else if (action === 'next-frame') keys.current.stepBoth(1);
      else keys.current.stepSide('b', action === 'nudge-b-back' ? -1 : 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const stage = (side: SideKey, video: PlayableVideo, overlaid: boolean, className: string) => (
    <CompareStage
      side={side}
      video={video}
      videoRef={refs[side]}
      time={sideTime(moments[side].seconds, lockstep.sharedTime)}
      poses={skeletons ? (side === 'a' ? posesA.data : posesB.data) : undefined}
      measurements={side === 'a' ? overlaysA : overlaysB}
      ready={ready[side]}
      overlaid={overlaid}
      // In the overlay B lies over A's box, which must then be the picture alone.
      valuesUnderOnPhones={!overlay}
      opacity={opacity}
      className={className}
      onLoadedMetadata={(duration) => {
        if (Number.isFinite(duration))
          setDurations((current) => ({ ...current, [side]: duration }));
        lockstep.placeSide(side);
      }}
      onFrameReady={() =>
        setReady((current) => (current[side] ? current : { ...current, [side]: true }))
      }
    />
  );
  const header = (side: SideKey, video: PlayableVideo, className: string) => (
    <SideHeader
      side={side}
      videoId={video.id}
      title={video.title}
      syncPoint={moments[side].seconds}
      events={events ? events[side] : null}
      onMark={() => mark(side)}
      onPickEvent={(event) => pickEvent(side, event)}
      onStep={(frames) => stepSide(side, frames)}
      onChangeVideo={() => {
        lockstep.pause();
        onChangeVideo(side);
      }}
      className={cn('grid content-start gap-2', className)}
    />
  );

  return (
    <div className="grid gap-4" data-testid="compare-session" data-playing={lockstep.playing}>
      {/* The two pictures stay side by side at every width: stacked, a phone showed one take at
          a time on a page of 2,500 px. On a phone the pictures come first (what the thumb
          compares) and each side's controls under its own picture; wider, the names lead. In
          the overlay both names come first and B's picture lies over A's in the same cell. */}
      <div
        className={cn(
          'grid gap-y-3',
          overlay
            ? "gap-x-4 [grid-template-areas:'ha'_'hb'_'st'] sm:grid-cols-2 sm:[grid-template-areas:'ha_hb'_'st_st']"
            : "grid-cols-2 gap-x-2 [grid-template-areas:'sa_sb'_'ha_hb'] sm:gap-x-4 lg:[grid-template-areas:'ha_hb'_'sa_sb']",
        )}
      >
        {header('a', videoA, '[grid-area:ha]')}
        {stage('a', videoA, false, overlay ? '[grid-area:st]' : '[grid-area:sa]')}
        {header('b', videoB, '[grid-area:hb]')}
        {stage('b', videoB, overlay, overlay ? '[grid-area:st]' : '[grid-area:sb]')}
      </div>
      <p role="status" className="sr-only">
        {ready.a && ready.b ? 'Both videos are ready.' : 'Loading both videos…'}
      </p>
      <CompareControls
        playing={lockstep.playing}
        sharedTime={lockstep.sharedTime}
        range={range}
        speed={speed}
        overlay={overlay}
        opacity={opacity}
        skeletons={skeletons}
        skeletonsAvailable={videoA.analysis !== null || videoB.analysis !== null}
        onPlayPause={toggle}
        onStep={stepBoth}
        onSeek={(time) => {
          lockstep.pause();
          lockstep.seek(time);
        }}
        onSpeed={setSpeed}
        onOverlay={(on) => {
          lockstep.pause();
          onChange({ a, b, overlay: on });
        }}
        onOpacity={setOpacity}
        onSkeletons={setSkeletons}
        onNudgeB={(frames) => stepSide('b', frames)}
      />
      <CompareNumbers
        chart={alignedKeyMetrics(
          { series: videoA.analysis?.keyMetric, syncPoint: a.seconds },
          { series: videoB.analysis?.keyMetric, syncPoint: b.seconds },
        )}
        repRows={syncedRepRows(
          {
            series: videoA.analysis?.keyMetric,
            events: readingA?.events ?? [],
            syncPoint: a.seconds,
          },
          {
            series: videoB.analysis?.keyMetric,
            events: readingB?.events ?? [],
            syncPoint: b.seconds,
          },
        )}
        rows={matchingMetrics(readingA, readingB)}
        sameVideo={videoA.id === videoB.id}
        range={range}
        sharedTime={lockstep.sharedTime}
      />
    </div>
  );
}
