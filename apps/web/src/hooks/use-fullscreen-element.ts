import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

/**
 * The element the page shows fullscreen now (the video player), or null. Only that element's
 * subtree is drawn in fullscreen, so what opens over it (dialogs) must be placed inside it.
 */
export function useFullscreenElement(): Element | null {
  return useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement,
    () => null,
  );
}
