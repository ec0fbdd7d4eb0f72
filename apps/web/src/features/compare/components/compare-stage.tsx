import type { MeasurementOverlay, Poses, VideoDetail } from '@filmroom/contract';
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { useElementSize } from '@/hooks/use-element-size';
import { frameAspectRatio } from '@/lib/content-box';
import { cn } from '@/lib/utils';
import { resolveVideoUrl } from '@/lib/video-url';
import { SIDE_COLOUR } from '../lib/side-colours';
import type { SideKey } from '../lib/side-colours';
import { MeasureOverlayLayer, MeasureValues, measureValuesAt } from './measure-overlay-layer';
import { SkeletonLayer } from './skeleton-layer';

type CompareStageProps = {
  side: SideKey;
  video: VideoDetail & { url: string };
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The side's own time, for its skeleton. */
  time: number;
  poses: Poses | undefined;
  /** The side's saved measurements, drawn at its own time. */
  measurements: readonly MeasurementOverlay[];
  ready: boolean;
  /** Drawn over A's stage: takes A's box, lets clicks through, and shows A beneath. */
  overlaid: boolean;
  /** Beside the other take on a phone, list the values under the picture, not over it. */
  valuesUnderOnPhones: boolean;
  opacity: number;
  onLoadedMetadata: (duration: number) => void;
  onFrameReady: () => void;
  className?: string;
};

/**
 * One side's picture: its <video> (B muted, so one sound plays), its skeleton and its saved
 * measurements. The
 * controls are the page's one control bar, so the element has none of its own.
 */
export function CompareStage({
  side,
  video,
  videoRef,
  time,
  poses,
  measurements,
  ready,
  overlaid,
  valuesUnderOnPhones,
  opacity,
  onLoadedMetadata,
  onFrameReady,
  className,
}: CompareStageProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const elementRef = useRef<HTMLVideoElement | null>(null);
  const latestReady = useRef(onFrameReady);
  latestReady.current = onFrameReady;
  // Ready once the frame at the sync point is decoded (HAVE_CURRENT_DATA) and no seek is in
  // flight. Read from the element on each event that can change it, and once at the start: a
  // clip the browser has cached can be there before any one event is heard.
  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const check = () => {
      if (element.readyState >= 2 && !element.seeking) latestReady.current();
    };
    const events = ['loadeddata', 'seeked', 'canplay', 'canplaythrough', 'timeupdate'];
    for (const name of events) element.addEventListener(name, check);
    check();
    return () => {
      for (const name of events) element.removeEventListener(name, check);
    };
  }, []);
  const frame = useElementSize(frameRef);
  const size = { width: video.width ?? 0, height: video.height ?? 0 };
  const label = side.toUpperCase();
  const picture = (
    <div
      ref={frameRef}
      data-testid={`compare-player-${side}`}
      data-ready={ready}
      className={cn(
        'relative w-full overflow-hidden bg-black',
        overlaid ? 'pointer-events-none self-stretch' : 'max-h-[70vh] rounded-xl',
        !valuesUnderOnPhones && className,
      )}
      style={overlaid ? { opacity } : { aspectRatio: frameAspectRatio(size) }}
    >
      <video
        ref={(element) => {
          elementRef.current = element;
          videoRef.current = element;
        }}
        src={resolveVideoUrl(video.url)}
        poster={video.posterUrl ?? undefined}
        aria-label={`${label}: ${video.title}`}
        muted={side === 'b'}
        playsInline
        preload="auto"
        className="absolute inset-0 size-full object-contain"
        onLoadedMetadata={(event) => onLoadedMetadata(event.currentTarget.duration)}
      />
      {poses ? (
        <SkeletonLayer side={side} poses={poses} time={time} frame={frame} video={size} />
      ) : null}
      <MeasureOverlayLayer
        side={side}
        overlays={measurements}
        time={time}
        frame={frame}
        video={size}
        showValues={!valuesUnderOnPhones}
      />
      {overlaid ? null : (
        <span
          aria-hidden
          className="absolute top-2 left-2 rounded-md px-2 py-0.5 text-xs font-bold text-black"
          style={{ backgroundColor: SIDE_COLOUR[side] }}
        >
          {label}
        </span>
      )}
    </div>
  );
  // Beside the other take a phone's picture is about 170 px wide: the values would cover a
  // third of it, so there they sit under it; from the small breakpoint up, over its corner.
  // The wrapper stays in the overlay too (as `contents`, no box of its own): a tree of another
  // shape would mount a new video element, losing its time and its measured size.
  return (
    <div className={valuesUnderOnPhones ? cn('relative', className) : 'contents'}>
      {picture}
      {valuesUnderOnPhones ? (
        <MeasureValues
          side={side}
          values={measureValuesAt(measurements, time)}
          className="mt-1 justify-items-start sm:absolute sm:right-2 sm:bottom-2 sm:mt-0 sm:justify-items-end"
        />
      ) : null}
    </div>
  );
}
