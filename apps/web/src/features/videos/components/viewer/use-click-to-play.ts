import { useRef } from 'react';
import type { KeyboardEvent, MouseEvent, PointerEvent, RefObject } from 'react';

/** Further than this between press and release, the pointer dragged (a pan), not clicked. */
const CLICK_SLOP_PX = 5;

type ClickToPlayOptions = {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The zoomed stage: a click there (it captures the pointer to pan) is on the picture too. */
  stageRef: RefObject<HTMLElement | null>;
  /** Where the focus goes after a click, so that Space and the shortcuts are the player's. */
  focusRef: RefObject<HTMLElement | null>;
  /** The foot of the <video> box that its native control bar takes (clicks there are the bar's). */
  nativeBarPx: number;
  onToggle: () => void;
  /** The player's shortcuts (they call preventDefault on the keys they take). */
  onKey: (event: KeyboardEvent<HTMLElement>) => void;
};

/**
 * A click on the picture plays or pauses, as in every player people know. Layers drawn over
 * the picture (the annotation picker, the drawing surface, pins) take their own clicks, so
 * only a click that reaches the picture itself counts.
 */
export function useClickToPlay({
  videoRef,
  stageRef,
  focusRef,
  nativeBarPx,
  onToggle,
  onKey,
}: ClickToPlayOptions) {
  const pressedAt = useRef<{ x: number; y: number } | null>(null);

  const onPicture = (target: EventTarget) =>
    target === videoRef.current || target === stageRef.current;

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    pressedAt.current = onPicture(event.target) ? { x: event.clientX, y: event.clientY } : null;
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const video = videoRef.current;
    const pressed = pressedAt.current;
    pressedAt.current = null;
    if (!video || !pressed || !onPicture(event.target)) return;
    if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > CLICK_SLOP_PX) return;
    // The native bar's buttons and slider are inside the element (its shadow root): their
    // clicks reach here as clicks on the <video>, told apart only by where they land.
    if (video.controls && event.target === video) {
      const box = video.getBoundingClientRect();
      if (event.clientY > box.bottom - nativeBarPx) return;
    }
    focusRef.current?.focus({ preventScroll: true });
    // After the browser's own handling of the click: where its native controls toggle on a
    // click to the picture themselves, a second toggle here would undo theirs.
    const wasPaused = video.paused;
    setTimeout(() => {
      if (video.paused === wasPaused) onToggle();
    }, 0);
  };

  /**
   * Keys pressed on a focused <video> (tabbed to, or focused by a click on its native bar) are
   * the player's: its native controls listen on the element itself, where a handler further up
   * comes too late (Space would play and pause at once), so they are taken on the way down.
   */
  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== videoRef.current) return;
    onKey(event);
    if (event.defaultPrevented) event.stopPropagation();
  };

  return { onPointerDown, onClick, onKeyDownCapture };
}
