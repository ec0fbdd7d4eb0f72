import { formatWholeSeconds, momentTenths } from '@filmroom/contract';

/**
 * Spec §9 timeline labels: minutes and two-digit seconds ("0:05", "12:30"). Minutes keep
 * counting past an hour ("75:03") so labels on one timeline always line up.
 */
export const formatTimelineLabel = formatWholeSeconds;

/** A range of a video as its tabs name it: "12:05–14:30". */
export const formatTimeSpan = (span: { start: number; end: number }) =>
  `${formatTimelineLabel(span.start)}–${formatTimelineLabel(span.end)}`;

/** A video's length for its card: "0:13", "4:05", or "1:02:09" once it runs an hour. */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (whole < 3600) return formatTimelineLabel(whole);
  const hours = Math.floor(whole / 3600);
  const rest = whole % 3600;
  return `${hours}:${String(Math.floor(rest / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}`;
}

/**
 * Spec §2: a coaching point's time with one decimal and the suffix s ("12.5s"), cut to the
 * tenth as every moment is (formatMoment), so "4.3s" here is "0:04.3" in the reading's text.
 */
export function formatPointTimestamp(seconds: number): string {
  return `${(momentTenths(seconds) / 10).toFixed(1)}s`;
}

/** Spec §2 Annotation overlay: an annotation's time as HH:MM:SS ("00:01:05"), whole seconds. */
export function formatClockTime(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}
