import type { AnalysisRange } from '@filmroom/contract';
import { formatTimeSpan } from '@/lib/format-time';

export type Span = { start: number; end: number };

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** A range whose job is still to run or running. */
export const isActive = (range: AnalysisRange) =>
  range.status === 'queued' || range.status === 'scanning' || range.status === 'analysing';

/**
 * Adds a range to the ones chosen, or says why not in the words the tab shows: the server
 * refuses the same, but the coach learns it before pressing Analyse.
 */
export function addChoice(chosen: Span[], span: Span, running: Span[]): Span[] | string {
  if (!(span.end > span.start)) return 'The range must end after it starts.';
  const clash = [...chosen, ...running].find((other) => overlaps(other, span));
  if (clash) return `${formatTimeSpan(span)} overlaps ${formatTimeSpan(clash)}.`;
  return [...chosen, span].sort((a, b) => a.start - b.start);
}

/** What a range's row says about where it stands. */
export function rangeStatusText(range: AnalysisRange): string {
  switch (range.status) {
    case 'queued':
      return 'Waiting for its turn';
    case 'scanning':
      return `Measuring the athletes: ${range.progress}% done`;
    case 'analysing':
      return 'Writing up the coaching points';
    case 'ready':
      return 'Analysed';
    case 'failed':
      return range.failureReason ?? 'This range could not be analysed.';
    case 'cancelled':
      return 'Stopped before it finished';
  }
}
