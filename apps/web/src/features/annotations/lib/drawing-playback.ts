import { DEFAULT_DISPLAY_SECONDS } from '@filmroom/contract';
import type { Annotation } from '@filmroom/contract';

type Note = Pick<Annotation, 'id' | 'timestamp' | 'drawing'> &
  Partial<Pick<Annotation, 'displaySeconds' | 'pauseHere'>>;

/**
 * The notes whose drawings show over the picture at `time`: each from its timestamp for its
 * display time, plus the open note and the one previewed from the list, wherever playback is.
 */
export function drawingsShownAt<T extends Note>(
  notes: readonly T[],
  time: number,
  pinned: readonly (string | null)[] = [],
): T[] {
  return notes.filter((note) => {
    if (!note.drawing) return false;
    if (pinned.includes(note.id)) return true;
    const seconds = note.displaySeconds ?? DEFAULT_DISPLAY_SECONDS;
    return time >= note.timestamp && time < note.timestamp + seconds;
  });
}

/** The longest step between two time updates that is still playback rather than a seek. */
const PLAYBACK_STEP_SECONDS = 1.5;

/**
 * The "Pause here" note playback has just reached between two time updates, or null. Only a
 * forward step of playing (not a seek across it), and only when it passed the note's time, so
 * once stopped on it (and put back exactly on it) playing on does not stop there again.
 */
export function pauseHereReached<T extends Note>(
  notes: readonly T[],
  previous: number,
  now: number,
): T | null {
  if (now <= previous || now - previous > PLAYBACK_STEP_SECONDS) return null;
  const reached = notes.filter(
    (note) => note.pauseHere === true && note.timestamp > previous && note.timestamp <= now,
  );
  return reached.sort((a, b) => a.timestamp - b.timestamp)[0] ?? null;
}
