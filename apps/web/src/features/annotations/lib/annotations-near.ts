import type { Annotation } from '@filmroom/contract';

/**
 * How far from its moment a note's pin shows on the picture, each way. The coaching points'
 * 0.3 s suits a card that only reads out; a pin is something to notice and click while the clip
 * plays, so it stays two seconds in all, and notes a few seconds apart still do not pile up.
 */
const ANNOTATION_SHOWN_WINDOW_S = 1;

/** The notes to pin on the picture now: those near the playback time, and the one open. */
export function annotationsNear<T extends Pick<Annotation, 'id' | 'timestamp'>>(
  annotations: readonly T[],
  currentTime: number,
  openId: string | null = null,
): T[] {
  return annotations.filter(
    (annotation) =>
      annotation.id === openId ||
      // The epsilon keeps 2 s "within 1 s" of 3 s despite binary floating point.
      Math.abs(annotation.timestamp - currentTime) <= ANNOTATION_SHOWN_WINDOW_S + 1e-9,
  );
}

/** By time, then by when they were written (the server sends them so; kept after a cache edit). */
export function sortedByTime<T extends Pick<Annotation, 'timestamp' | 'createdAt'>>(
  annotations: readonly T[],
): T[] {
  return [...annotations].sort(
    (a, b) => a.timestamp - b.timestamp || a.createdAt.localeCompare(b.createdAt),
  );
}
