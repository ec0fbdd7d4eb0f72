import { useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useElementSize } from '@/hooks/use-element-size';
import { formatTimelineLabel } from '@/lib/format-time';
import { tileAt } from '@/lib/storyboard';
import type { StoryboardTile } from '@/lib/storyboard';
import { StoryboardPreview, previewLeft } from '@/components/storyboard-preview';

type ScrubBarProps = {
  duration: number;
  currentTime: number;
  onSeek: (seconds: number) => void;
  tiles: readonly StoryboardTile[];
};

const KEY_STEP_SECONDS = 5;

/**
 * The timeline's track as a seek slider with scrub previews: hovering (mouse) or dragging
 * (touch, pen, mouse) shows the storyboard's frame at that time above the pointer, with the
 * time. The preview is decoration (aria-hidden); the slider tells its value in words.
 */
export function ScrubBar({ duration, currentTime, onSeek, tiles }: ScrubBarProps) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const surface = useElementSize(surfaceRef);
  const [hover, setHover] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);

  const secondsAt = (clientX: number) => {
    const box = surfaceRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return 0;
    return Math.min(1, Math.max(0, (clientX - box.left) / box.width)) * duration;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = secondsAt(event.clientX);
    setDragging(true);
    setHover(at);
    onSeek(at);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging && event.pointerType !== 'mouse') return;
    const at = secondsAt(event.clientX);
    setHover(at);
    if (dragging) onSeek(at);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    setDragging(false);
    // A finger lifted leaves nothing hovering; a mouse still is.
    if (event.pointerType !== 'mouse') setHover(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? currentTime - KEY_STEP_SECONDS
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? currentTime + KEY_STEP_SECONDS
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? duration
              : null;
    if (target === null) return;
    event.preventDefault();
    onSeek(Math.min(duration, Math.max(0, target)));
  };

  const tile = hover === null ? null : tileAt(tiles, hover);
  const hoverPx = hover === null ? 0 : (hover / duration) * surface.width;

  return (
    <>
      <div
        ref={surfaceRef}
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(currentTime)}
        aria-valuetext={`${formatTimelineLabel(currentTime)} of ${formatTimelineLabel(duration)}`}
        data-testid="timeline-scrub"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          setDragging(false);
          setHover(null);
        }}
        onPointerLeave={(event) => {
          if (!dragging && event.pointerType === 'mouse') setHover(null);
        }}
        onKeyDown={onKeyDown}
        className="pointer-events-auto absolute inset-0 cursor-pointer touch-none rounded-full outline-none focus-visible:ring-2 focus-visible:ring-white"
      />
      {tile && hover !== null ? (
        <StoryboardPreview
          tile={tile}
          seconds={hover}
          left={previewLeft(tile, hoverPx, surface.width)}
        />
      ) : null}
    </>
  );
}
