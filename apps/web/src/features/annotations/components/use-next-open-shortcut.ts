import { useEffect, useRef } from 'react';

// Typing an N into a note, a reply or a search box is typing, not a shortcut.
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select') !== null)
  );
}

/**
 * N anywhere on the page (the player focused, the Notes list, an open note's dialog) goes to
 * the next open note, so a coach can work through what is left with one key. Off (null) while
 * a note is being added.
 */
export function useNextOpenShortcut(openNext: (() => void) | null) {
  const latest = useRef(openNext);
  useEffect(() => {
    latest.current = openNext;
  });
  const enabled = openNext !== null;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'n' && event.key !== 'N') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      latest.current?.();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
