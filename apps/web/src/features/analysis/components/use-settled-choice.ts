import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';

// Keys that move a closed <select> to another option without opening its list.
const BROWSING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * A native select whose choice costs something to apply (here a Regenerate): applied at once
 * when picked from the open list or by pointer, but while the person browses a closed select
 * with the arrow keys or by typing (Chromium on Windows and Linux changes the value on every
 * key press) only once they settle: Enter, or leaving the select.
 */
export function useSettledChoice(current: string, apply: (value: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  const browsing = useRef(false);

  function settle(value: string) {
    setDraft(null);
    if (value !== current) apply(value);
  }

  return {
    value: draft ?? current,
    onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
      if (event.key === 'Enter' && draft !== null) {
        event.preventDefault();
        settle(draft);
        return;
      }
      // Alt+Down opens the list; a choice made there is a pick, not browsing.
      const typed = event.key.length === 1 && event.key !== ' ';
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (!BROWSING_KEYS.has(event.key) && !typed) return;
      browsing.current = true;
      // The key's change event comes straight after this handler, in the same task.
      setTimeout(() => {
        browsing.current = false;
      }, 0);
    },
    /** The select's new value (from its change event). */
    onValueChange(value: string) {
      if (browsing.current) setDraft(value);
      else settle(value);
    },
    onBlur() {
      if (draft !== null) settle(draft);
    },
  };
}
