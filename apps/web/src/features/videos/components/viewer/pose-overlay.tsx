import type { Poses } from '@filmroom/contract';
import { useMemo, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';
import { SkeletonShapes } from '@/components/skeleton-shapes';
import type { Rect } from '@/lib/content-box';
import { poseFrameAt, samePoseFrame, skeletonShapes } from '@/lib/pose-skeleton';
import type { BodySide, PoseFrame } from '@/lib/pose-skeleton';

/** Left and right in colours unlike the guides' yellow and orange, the spine in white. */
const SIDE_COLOUR: Record<BodySide, string> = {
  left: '#38bdf8',
  right: '#e879f9',
  centre: '#ffffff',
};
const LIMB_WIDTH = 3;
const JOINT_RADIUS = 3.5;

const NO_FRAME: PoseFrame = [];

/**
 * The poses to draw as an external store over the <video>: while it plays, every presented
 * frame (requestVideoFrameCallback, or animation frames where it is missing) checks which
 * samples are nearest; seeks and pauses check too. React draws again only when the samples
 * change, so at the scan's few frames a second, not the display's sixty.
 */
function createPoseFrameStore(videoRef: RefObject<HTMLVideoElement | null>, poses: Poses) {
  let current: PoseFrame = NO_FRAME;
  return {
    getSnapshot(): PoseFrame {
      const video = videoRef.current;
      const next = video ? poseFrameAt(poses, video.currentTime) : NO_FRAME;
      if (!samePoseFrame(current, next)) current = next;
      return current;
    },
    subscribe(onChange: () => void): () => void {
      const video = videoRef.current;
      if (!video) return () => undefined;
      const byVideoFrame = typeof video.requestVideoFrameCallback === 'function';
      let handle: number | null = null;
      const stop = () => {
        if (handle === null) return;
        if (byVideoFrame) video.cancelVideoFrameCallback(handle);
        else cancelAnimationFrame(handle);
        handle = null;
      };
      const tick = () => {
        onChange();
        handle = null;
        if (video.paused || video.ended) return;
        handle = byVideoFrame ? video.requestVideoFrameCallback(tick) : requestAnimationFrame(tick);
      };
      const start = () => {
        if (handle === null) tick();
      };
      const events = ['seeked', 'seeking', 'timeupdate', 'loadeddata', 'pause', 'ended'];
      for (const name of events) video.addEventListener(name, onChange);
      video.addEventListener('play', start);
      if (!video.paused) start();
      return () => {
        stop();
        for (const name of events) video.removeEventListener(name, onChange);
        video.removeEventListener('play', start);
      };
    },
  };
}

type PoseOverlayProps = {
  poses: Poses;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The picture's rect in the frame, after letterboxing and zoom. */
  picture: Rect;
  frame: { width: number; height: number };
};

/**
 * The measured skeletons over the picture, in step with playback (beyond the spec). Like the
 * visual guides it is drawn in frame pixels outside the zoomed layer: lines keep their width
 * at any zoom while their positions follow the picture.
 */
export function PoseOverlay({ poses, videoRef, picture, frame }: PoseOverlayProps) {
  const store = useMemo(() => createPoseFrameStore(videoRef, poses), [videoRef, poses]);
  const poseFrame = useSyncExternalStore(store.subscribe, store.getSnapshot);
  if (frame.width === 0) return null;
  const skeletons = skeletonShapes(poseFrame, picture);
  return (
    <svg
      role="img"
      aria-label="Pose skeletons"
      data-testid="pose-overlay"
      className="pointer-events-none absolute inset-0 z-[4] size-full drop-shadow-[0_1px_1.5px_rgb(0_0_0/0.9)]"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
    >
      {skeletons.map((skeleton) => (
        <SkeletonShapes
          key={skeleton.trackId}
          skeleton={skeleton}
          colour={(side) => SIDE_COLOUR[side]}
          limbWidth={LIMB_WIDTH}
          jointRadius={JOINT_RADIUS}
        />
      ))}
    </svg>
  );
}
