import type { Annotation } from '@filmroom/contract';
import { annotationLabel } from './annotation-label';
import { SENTIMENT_COLOURS, sentimentTone } from './sentiment';

/** The notes as markers on the viewer's timeline (its TimelineMarker shape), by sentiment. */
export function annotationTimelineMarkers(
  annotations: readonly Annotation[],
  onSelect: (annotation: Annotation) => void,
) {
  return annotations.map((annotation) => ({
    key: annotation.id,
    seconds: annotation.timestamp,
    label: annotationLabel(annotation),
    colour: SENTIMENT_COLOURS[sentimentTone(annotation.sentiment)],
    onSelect: () => onSelect(annotation),
  }));
}
