import type { Annotation } from '@filmroom/contract';
import { formatClockTime } from '@/lib/format-time';
import { annotationLabel, annotationSummary } from './annotation-label';
import { SENTIMENT_COLOURS, sentimentTone } from './sentiment';

export type AnnotationKind = 'text' | 'voice' | 'drawing';

/** What a note mainly is, for its marker's shape: a drawing, a voice note without words, or words. */
export function annotationKind(
  annotation: Pick<Annotation, 'drawing' | 'content' | 'audioUrl'>,
): AnnotationKind {
  if (annotation.drawing !== null) return 'drawing';
  return annotation.content.trim() === '' && annotation.audioUrl ? 'voice' : 'text';
}

/**
 * A marker's accessible name: the note's own label, then what the shape and colour show
 * (its kind, its range, resolved), so a screen reader hears what sighted users see.
 */
function timelineLabel(annotation: Annotation): string {
  const details = [
    `${annotationKind(annotation)} note`,
    annotation.endTime === null ? null : `until ${formatClockTime(annotation.endTime)}`,
    annotation.resolvedAt === null ? null : 'resolved',
  ].filter((detail) => detail !== null);
  return `${annotationLabel(annotation)} (${details.join(', ')})`;
}

/**
 * The notes as markers on the viewer's timeline (its TimelineMarker shape): coloured by
 * sentiment, shaped by kind, range notes as bands, resolved ones faded.
 */
export function annotationTimelineMarkers(
  annotations: readonly Annotation[],
  onSelect: (annotation: Annotation) => void,
) {
  return annotations.map((annotation) => ({
    key: annotation.id,
    seconds: annotation.timestamp,
    endSeconds: annotation.endTime ?? undefined,
    kind: annotationKind(annotation),
    muted: annotation.resolvedAt !== null,
    label: timelineLabel(annotation),
    summary: `${annotation.user.name}: ${annotationSummary(annotation)}`,
    colour: SENTIMENT_COLOURS[sentimentTone(annotation.sentiment)],
    onSelect: () => onSelect(annotation),
  }));
}
