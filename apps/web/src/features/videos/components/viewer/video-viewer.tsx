import type { CoachingPoint, VisualGuide } from '@filmroom/contract';
import { Suspense, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { useElementSize } from '@/hooks/use-element-size';
import { useMediaQuery } from '@/hooks/use-media-query';
import { lazyComponent } from '@/lib/lazy-component';
import { cn } from '@/lib/utils';
import { useStoryboard } from '../../api/get-storyboard';
import { useVideoPoses } from '../../api/get-video-poses';
import { containedRect, frameAspectRatio, zoomRect } from '@/lib/content-box';
import type { Rect } from '@/lib/content-box';
import { playbackActionFor, seekTarget } from '../../lib/playback-shortcuts';
import { DEFAULT_PLAYBACK_SPEED } from '@/lib/playback-speed';
import type { PlaybackSpeed } from '@/lib/playback-speed';
import type { TimeRange } from '../../lib/time-range';
import { activeCoachingPoint } from '../../lib/timeline';
import { resolveVideoUrl } from '@/lib/video-url';
import type { PersonBox } from '../../lib/visual-guides';
import { canPan } from '@/lib/zoom';
import { CoachingPointCard } from './coaching-point-card';
import { PoseStatus } from './pose-status';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useClickToPlay } from './use-click-to-play';
import { TimelineOverlay } from './timeline-overlay';
import type { TimelineMarker } from './timeline-overlay';
import { usePlayerFullscreen } from './use-player-fullscreen';
import { useRangeLoop } from './use-range-loop';
import { useStreamSource } from './use-stream-source';
import { useVideoLoading } from './use-video-loading';
import { useZoomPan } from './use-zoom-pan';
import { ViewerError } from './viewer-error';
import { ViewerToolbar } from './viewer-toolbar';
import { VisualGuides } from './visual-guides';

// Skeletons are drawn only once someone turns Pose on: the toggle starts fetching their code
// alongside the poses themselves.
const loadPoseOverlay = () => import('./pose-overlay').then((module) => module.PoseOverlay);
const PoseOverlay = lazyComponent(loadPoseOverlay);

type VideoViewerProps = {
  videoId: string;
  /** The MP4: played when there is no HLS ladder (or it fails). */
  url: string;
  /** The HLS master playlist, played by preference; null for videos prepared before it. */
  streamUrl?: string | null;
  /** The storyboard's WebVTT: the timeline shows its frames on hover and drag. */
  storyboardUrl?: string | null;
  posterUrl: string | null;
  title: string;
  coachingPoints?: readonly CoachingPoint[];
  /** Playback time, for what the page shows beside the player (detections near now). */
  onTimeUpdate?: (seconds: number) => void;
  /** The measured poses exist (the analysis scan has run): the Pose toggle is offered. */
  posesAvailable?: boolean;
  /**
   * Drawn over the picture once the video has loaded, above the guides and below the toolbar:
   * another feature's layer (annotations), told where the picture is and what time it is.
   */
  overlay?: (viewer: ViewerOverlayState) => ReactNode;
  /** Markers another feature puts on the timeline (annotations), beside the coaching points. */
  timelineMarkers?: readonly TimelineMarker[];
  /**
   * A person another feature picked (a detection in the Players tab), boxed over the picture
   * in the guides' layer. The page passes it only while playback is at that person's time.
   */
  personBox?: PersonBox | null;
  /**
   * The page's theatre mode (the player at full content width, panels below), toggled from the
   * toolbar and the W key. Without it the toolbar offers none.
   */
  theatre?: { on: boolean; onToggle: () => void };
  /** Lets the page seek, pause and play the player (a coaching point in the Analysis tab). */
  ref?: Ref<VideoViewerHandle>;
};

/** What a layer drawn over the picture needs to know. */
export type ViewerOverlayState = {
  /** The picture's rect in frame pixels, after letterboxing, zoom and pan. */
  picture: Rect;
  frame: { width: number; height: number };
  currentTime: number;
  paused: boolean;
};

export type VideoViewerHandle = {
  /**
   * Seeks to the time and brings the player into view when it is scrolled away (its overlays
   * stay under the sticky top bar: the frame isolates their z-indexes; scroll-mt clears the bar).
   */
  seekTo: (seconds: number) => void;
  pause: () => void;
  /** Plays on; a play() the browser refuses (autoplay rules) leaves it paused. */
  play: () => void;
  /** The playback time now, read from the element rather than the last timeupdate. */
  currentTime: () => number;
  /** Brings the player into view when the page is scrolled away from it (as seekTo does). */
  reveal: () => void;
  /**
   * The frame on screen as a JPEG data URL, once any seek in flight has landed (a dialog drawn
   * over the player shows it as its still); null before the picture has loaded.
   */
  captureFrame: () => Promise<string | null>;
  /** The range marked with I and O (or dragged on the timeline), or null: a new note spans it. */
  markedRange: () => TimeRange | null;
  /** Clears the marked range (and its loop). */
  clearRange: () => void;
  /** Plays the range over and over (a range note's Loop), or stops looping with null. */
  loop: (range: TimeRange | null) => void;
};

const NO_POINTS: readonly CoachingPoint[] = [];
const NO_MARKERS: readonly TimelineMarker[] = [];
const NO_GUIDES: readonly VisualGuide[] = [];

/** Tailwind's `sm` breakpoint: below it the controls sit under the picture, not over it. */
const PHONE_QUERY = '(max-width: 639px)';
/**
 * Room kept under the picture on a phone for the native control bar: the <video> element
 * reaches that far below the picture, so its bar is drawn there rather than over the athlete.
 */
const NATIVE_BAR_PX = 64;

// Keys typed into the toolbar's own controls are theirs (Space presses a button, arrows
// change the speed), not the player's.
function isOwnControl(target: EventTarget): boolean {
  return target instanceof HTMLElement && target.closest('button, select, input, a') !== null;
}

async function captureFrame(video: HTMLVideoElement | null): Promise<string | null> {
  if (!video) return null;
  if (video.seeking) {
    await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
  }
  if (video.videoWidth === 0 || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return canvas.toDataURL('image/jpeg', 0.85);
}

/** Spec §2 Video viewer: the 16:9 frame with the native player, toolbar and overlays. */
export function VideoViewer({
  videoId,
  url,
  streamUrl = null,
  storyboardUrl = null,
  posterUrl,
  title,
  coachingPoints = NO_POINTS,
  onTimeUpdate,
  posesAvailable = false,
  overlay,
  timelineMarkers = NO_MARKERS,
  personBox = null,
  theatre,
  ref,
}: VideoViewerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const stream = useStreamSource(videoRef, { streamUrl, url: resolveVideoUrl(url) });
  const storyboard = useStoryboard(storyboardUrl);
  const frame = useElementSize(frameRef);
  const loading = useVideoLoading(stream.src ?? streamUrl ?? url, videoRef);
  const zoomPan = useZoomPan(frame);
  const [tipsShown, setTipsShown] = useState(true);
  const [speed, setSpeed] = useState<PlaybackSpeed>(DEFAULT_PLAYBACK_SPEED);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [picture, setPicture] = useState({ width: 0, height: 0 });
  const [paused, setPaused] = useState(true);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [posesShown, setPosesShown] = useState(false);
  const poseOn = posesShown && posesAvailable;
  const poses = useVideoPoses(videoId, { enabled: poseOn });
  const rangeLoop = useRangeLoop(videoRef);
  const fullscreen = usePlayerFullscreen(containerRef);
  const controlsBelow = useMediaQuery(PHONE_QUERY);

  const zoomed = zoomPan.zoom > 1;
  const activePoint = activeCoachingPoint(coachingPoints, currentTime);
  const unzoomed = containedRect(frame, picture);
  const pictureRect = zoomRect(unzoomed, zoomPan.zoom, zoomPan.pan, frame);

  // A reload (retry, new url) resets the element's rate to its default: set both.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = speed;
    video.playbackRate = speed;
  }, [speed, loading.loaded]);

  const readTime = () => {
    const video = videoRef.current;
    if (!video) return;
    setCurrentTime(video.currentTime);
    onTimeUpdate?.(video.currentTime);
  };

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = seconds;
    readTime();
  };

  // Gliding there, unless the person asked for less motion: then, and for the browser tests
  // (which run in reduced motion and click the picture next), at once.
  const reveal = () =>
    frameRef.current?.scrollIntoView({
      block: 'nearest',
      behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });

  useImperativeHandle(ref, () => ({
    seekTo: (seconds: number) => {
      seekTo(seconds);
      reveal();
    },
    reveal,
    pause: () => videoRef.current?.pause(),
    play: () => void videoRef.current?.play().catch(() => undefined),
    currentTime: () => videoRef.current?.currentTime ?? 0,
    captureFrame: () => captureFrame(videoRef.current),
    markedRange: () => rangeLoop.range,
    clearRange: rangeLoop.clear,
    loop: rangeLoop.loop,
  }));

  // The wider player may reach past the window's foot: it is brought wholly into view.
  const toggleTheatre = () => {
    if (!theatre) return;
    theatre.onToggle();
    requestAnimationFrame(reveal);
  };

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    // play() rejects when a pause interrupts it; nothing to report then.
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (isOwnControl(event.target)) return;
    const video = videoRef.current;
    if (!video) return;
    const action = playbackActionFor(event, video.paused);
    if (!action) return;
    // Also keeps the native controls from handling the same key a second time.
    event.preventDefault();
    if (action.type === 'toggle-play') togglePlay();
    else if (action.type === 'pause') video.pause();
    else if (action.type === 'show-help') setShortcutsOpen(true);
    else if (action.type === 'mark-in') rangeLoop.markIn();
    else if (action.type === 'mark-out') rangeLoop.markOut();
    else if (action.type === 'toggle-loop') rangeLoop.toggleLoop();
    else if (action.type === 'toggle-fullscreen') fullscreen.toggle();
    else if (action.type === 'toggle-theatre') toggleTheatre();
    else seekTo(seekTarget(video.currentTime, action.seconds, video.duration));
  };

  const clickToPlay = useClickToPlay({
    videoRef,
    stageRef,
    focusRef: frameRef,
    // The bar is drawn over the picture's foot, or (on a phone) in the strip kept under it.
    nativeBarPx: NATIVE_BAR_PX,
    onToggle: togglePlay,
    onKey: onKeyDown,
  });

  // On a phone the <video> box is the picture plus the native bar's strip under it, placed over
  // the picture; top-aligned, the picture fills the box's width and the bar lands in the strip.
  const videoBox = controlsBelow
    ? {
        left: unzoomed.x,
        top: unzoomed.y,
        width: unzoomed.width,
        height: unzoomed.height + NATIVE_BAR_PX,
      }
    : undefined;

  const tipsBelow =
    loading.loaded && tipsShown && coachingPoints.length > 0 ? (
      <CoachingPointCard point={activePoint} placement="below" />
    ) : null;

  // Overlays stay cut at the frame even then (a layer that dims all around the picture would
  // dim the page): only the strip below is let through.
  const frameClip = controlsBelow && !zoomed ? `inset(0 0 -${NATIVE_BAR_PX}px 0)` : undefined;

  return (
    <div className="grid gap-3">
      <div
        ref={containerRef}
        data-testid="player-container"
        className={cn(
          // Isolated: the overlays' and the toolbar's z-indexes stay under the page's sticky
          // top bar.
          'relative isolate flex flex-col',
          fullscreen.active ? 'size-full bg-black' : 'max-sm:bg-black',
        )}
      >
        <div
          ref={frameRef}
          role="group"
          aria-label={`Video player: ${title}`}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onKeyDownCapture={clickToPlay.onKeyDownCapture}
          onPointerDown={clickToPlay.onPointerDown}
          onClick={clickToPlay.onClick}
          onDoubleClick={(event) => {
            // On the picture only, not on a pin or a marker drawn over it.
            if (event.target !== videoRef.current) return;
            // Instead of the bare <video>'s own fullscreen, which would drop every overlay.
            event.preventDefault();
            fullscreen.toggle();
          }}
          className={cn(
            // Not isolated (the container is): a layer over the picture may rise above the
            // toolbar, as a drawing surface does to take the whole picture.
            'relative w-full scroll-mt-20 bg-black outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
            // The zoomed picture is cut at the frame; unzoomed on a phone the <video> box
            // reaches below it, into the strip kept for its control bar (see frameClip).
            (!controlsBelow || zoomed) && 'overflow-hidden',
            fullscreen.active
              ? 'min-h-0 flex-1'
              : cn(
                  'sm:rounded-xl sm:shadow-sm',
                  // A portrait frame stays short enough to keep the page in sight (on a phone,
                  // with its controls and Add Annotation under it); a wide one the top bar.
                  picture.height > picture.width
                    ? 'max-h-[60svh] sm:max-h-[75svh]'
                    : 'max-h-[calc(100svh-7rem)]',
                ),
          )}
          style={{
            aspectRatio: fullscreen.active ? undefined : frameAspectRatio(picture),
            clipPath: frameClip,
          }}
        >
          <div
            ref={stageRef}
            {...zoomPan.stageHandlers}
            data-testid="video-stage"
            className={cn(
              'absolute inset-0 origin-center touch-none',
              canPan(zoomPan.zoom) && (zoomPan.dragging ? 'cursor-grabbing' : 'cursor-grab'),
              !zoomPan.dragging &&
                'transition-transform duration-200 ease-out motion-reduce:transition-none',
            )}
            style={{
              transform: `translate(${zoomPan.pan.x}px, ${zoomPan.pan.y}px) scale(${zoomPan.zoom})`,
            }}
          >
            <video
              ref={videoRef}
              src={stream.src}
              data-stream={stream.mode}
              poster={posterUrl ?? undefined}
              // The native bar would be magnified and pushed out of the frame when zoomed;
              // it steps aside then and the toolbar offers play/pause.
              controls={!zoomed}
              // Fullscreen is the player's own (the toolbar, F, a double-click), with overlays.
              controlsList="nodownload nofullscreen"
              disablePictureInPicture={zoomed}
              preload="metadata"
              playsInline
              aria-label={title}
              className={cn(
                'object-contain',
                videoBox ? 'absolute max-w-none object-top' : 'size-full',
              )}
              style={videoBox}
              onLoadedMetadata={(event) => {
                const video = event.currentTarget;
                setDuration(Number.isFinite(video.duration) ? video.duration : 0);
                setPicture({ width: video.videoWidth, height: video.videoHeight });
                loading.onLoadedMetadata();
              }}
              // A new rendition of the ladder may round the picture's size differently.
              onResize={(event) => {
                const video = event.currentTarget;
                if (video.videoWidth > 0) {
                  setPicture({ width: video.videoWidth, height: video.videoHeight });
                }
              }}
              onDurationChange={(event) => {
                const value = event.currentTarget.duration;
                setDuration(Number.isFinite(value) ? value : 0);
              }}
              // hls.js reports its own failures (and falls back to the MP4); reloading the
              // element under it would only cut it off from its Media Source.
              onError={stream.mode === 'hls.js' ? undefined : loading.onError}
              onTimeUpdate={readTime}
              onSeeked={readTime}
              onPlay={() => setPaused(false)}
              onPause={() => {
                setPaused(true);
                // The exact frame it stopped on: a note pinned now takes this time.
                readTime();
              }}
            />
          </div>

          {loading.loaded && poseOn && poses.data ? (
            <Suspense fallback={null}>
              <PoseOverlay
                poses={poses.data}
                videoRef={videoRef}
                picture={pictureRect}
                frame={frame}
              />
            </Suspense>
          ) : null}
          {poseOn ? <PoseStatus poses={poses} /> : null}
          {loading.loaded ? (
            <VisualGuides
              // Show Tips toggles the coaching tips; a person picked on purpose stays boxed.
              guides={(tipsShown && activePoint?.visualGuides) || NO_GUIDES}
              personBox={personBox}
              picture={pictureRect}
              frame={frame}
            />
          ) : null}
          {loading.loaded ? (
            <>
              <CoachingPointCard point={tipsShown ? activePoint : null} placement="overlay" />
              {overlay?.({ picture: pictureRect, frame, currentTime, paused })}
            </>
          ) : null}
        </div>

        {controlsBelow ? (
          <div aria-hidden className="shrink-0" style={{ height: NATIVE_BAR_PX }} />
        ) : null}
        {loading.loaded ? (
          // Over the picture's foot from 640 px; on a phone a lane of its own under the bar.
          <div className="max-sm:px-3 max-sm:pb-2 max-sm:*:static sm:contents">
            <TimelineOverlay
              points={coachingPoints}
              extraMarkers={timelineMarkers}
              duration={duration}
              currentTime={currentTime}
              activePoint={activePoint}
              onSeek={seekTo}
              raised={!zoomed && !controlsBelow}
              rangeLoop={rangeLoop}
              storyboard={storyboard.data ?? null}
            />
          </div>
        ) : null}
        <ViewerToolbar
          tipsShown={tipsShown}
          onToggleTips={() => setTipsShown((shown) => !shown)}
          speed={speed}
          onSpeedChange={setSpeed}
          zoom={zoomPan.zoom}
          onZoomIn={zoomPan.zoomIn}
          onZoomOut={zoomPan.zoomOut}
          playback={zoomed ? { paused, onToggle: togglePlay } : null}
          onShowShortcuts={() => setShortcutsOpen(true)}
          pose={{
            shown: poseOn,
            available: posesAvailable,
            loading: poseOn && poses.isFetching,
            onToggle: () => {
              if (!posesShown) void loadPoseOverlay();
              setPosesShown(!posesShown);
            },
          }}
          fullscreen={
            fullscreen.supported ? { active: fullscreen.active, onToggle: fullscreen.toggle } : null
          }
          theatre={
            theatre && !fullscreen.active && !controlsBelow
              ? { on: theatre.on, onToggle: toggleTheatre }
              : null
          }
        />
        {/* A phone held upright shows its tips under the picture; fullscreen they come along. */}
        {fullscreen.active && tipsBelow ? (
          <div className="bg-background p-2 sm:hidden">{tipsBelow}</div>
        ) : null}
      </div>

      {fullscreen.active ? null : tipsBelow}
      {loading.error ? (
        <ViewerError
          error={loading.error}
          attempt={loading.attempt}
          exhausted={loading.exhausted}
        />
      ) : null}
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </div>
  );
}
