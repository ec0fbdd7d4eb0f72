import type { Annotation } from '@filmroom/contract';
import { formatClockTime } from '@/lib/format-time';
import { sortedByTime } from './annotations-near';

/** The Notes list's filter (issue 16 item 5). */
export type NoteFilter = 'all' | 'open' | 'resolved';

type Reviewed = Pick<Annotation, 'resolvedAt'>;

function isOpenNote(annotation: Reviewed): boolean {
  return annotation.resolvedAt === null;
}

export function filterNotes<T extends Reviewed>(
  annotations: readonly T[],
  filter: NoteFilter,
): T[] {
  if (filter === 'all') return [...annotations];
  return annotations.filter((annotation) => isOpenNote(annotation) === (filter === 'open'));
}

/** How many notes each filter shows. */
export function noteFilterCounts(annotations: readonly Reviewed[]): Record<NoteFilter, number> {
  const open = annotations.filter(isOpenNote).length;
  return { all: annotations.length, open, resolved: annotations.length - open };
}

/**
 * Within this much after a note's time still counts as "on" it: a player paused on a note
 * reads its time back a frame off, and Next should move on, not reopen the same note.
 */
const ON_NOTE_S = 0.05;

/**
 * Next open note: the first open one after the playback time, else the first open one from
 * the start (it wraps, so pressing on keeps going round what is left to deal with); null when
 * every note is resolved.
 */
export function nextOpenNote<T extends Pick<Annotation, 'timestamp' | 'createdAt' | 'resolvedAt'>>(
  annotations: readonly T[],
  currentTime: number,
): T | null {
  const open = sortedByTime(annotations.filter(isOpenNote));
  return (
    open.find((annotation) => annotation.timestamp > currentTime + ON_NOTE_S) ?? open[0] ?? null
  );
}

/** A new or saved note's time: one moment ("00:00:12"), or a range ("00:00:12 to 00:00:18"). */
export function formatNoteTime(spot: { timestamp: number; endTime?: number | null }): string {
  const start = formatClockTime(spot.timestamp);
  return spot.endTime == null ? start : `${start} to ${formatClockTime(spot.endTime)}`;
}
