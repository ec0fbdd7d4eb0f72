import type { Annotation } from '@filmroom/contract';
import { useEffect, useRef } from 'react';
import { pauseHereReached } from '../lib/drawing-playback';

/**
 * "Pause here" notes: playback stops exactly on the note's time the first time a play-through
 * reaches it. Time updates come a few times a second, so playback has usually run a little
 * past the note by then: it is put back on the note's time.
 */
export function usePauseHere(
  annotations: readonly Annotation[],
  currentTime: number,
  paused: boolean,
  stopAt: (seconds: number) => void,
) {
  const previous = useRef(currentTime);
  useEffect(() => {
    const before = previous.current;
    previous.current = currentTime;
    if (paused) return;
    const note = pauseHereReached(annotations, before, currentTime);
    if (note) stopAt(note.timestamp);
  }, [annotations, currentTime, paused, stopAt]);
}
