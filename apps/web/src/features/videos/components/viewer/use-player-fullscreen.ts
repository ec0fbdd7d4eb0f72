import type { RefObject } from 'react';
import { useFullscreenElement } from '@/hooks/use-fullscreen-element';

/**
 * FilmRoom's own fullscreen: the player's container, with every overlay and the toolbar, fills
 * the screen (the bare <video>'s fullscreen would drop them). Not offered where the browser
 * only lets a <video> go fullscreen (an iPhone).
 */
export function usePlayerFullscreen(ref: RefObject<HTMLElement | null>) {
  const element = useFullscreenElement();
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled;
  const active = element !== null && element === ref.current;
  const toggle = () => {
    const target = ref.current;
    if (!target || !supported) return;
    // Refused without a user gesture or by a permissions policy: the player stays as it was.
    if (document.fullscreenElement === target) void document.exitFullscreen().catch(() => {});
    else void target.requestFullscreen().catch(() => {});
  };
  return { supported, active, toggle };
}
