import type { Annotation } from '@filmroom/contract';
import { formatClockTime } from '@/lib/format-time';

const EXCERPT_LENGTH = 60;

/** How a voice note saved without words is labelled (its server does not transcribe, or it was silent). */
export const NOT_TRANSCRIBED = 'Not transcribed';

/** What a note says in a line: its words, else that it is a voice note or a drawing. */
export function annotationSummary(
  annotation: Pick<Annotation, 'content' | 'audioUrl'> & { drawing?: Annotation['drawing'] },
): string {
  const text = annotation.content.trim().replace(/\s+/g, ' ');
  if (text) return text;
  if (annotation.audioUrl) return `Voice note, ${NOT_TRANSCRIBED.toLowerCase()}`;
  return annotation.drawing ? 'Drawing' : 'Annotation';
}

/**
 * The accessible name of a note's marker: when, by whom, and the start of what it says, so a
 * screen reader moving between markers hears which is which.
 */
export function annotationLabel(
  annotation: Pick<Annotation, 'content' | 'audioUrl' | 'timestamp' | 'user'> & {
    drawing?: Annotation['drawing'];
  },
): string {
  const summary = annotationSummary(annotation);
  const excerpt =
    summary.length > EXCERPT_LENGTH
      ? `${summary.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`
      : summary;
  return `Annotation at ${formatClockTime(annotation.timestamp)} by ${annotation.user.name}: ${excerpt}`;
}
