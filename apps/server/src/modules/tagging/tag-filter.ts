import type { TagEvent, TagEventFilter } from '@filmroom/contract';

/** "Group: Text" as a label is written in filters, matrix columns and captions. */
export const labelKey = (label: { group: string; text: string }) => `${label.group}: ${label.text}`;

/** Whether the event passes every condition of the filter (a missing one passes all). */
export function matchesFilter(
  event: Pick<TagEvent, 'code' | 'period' | 'playerId' | 'labels'>,
  filter: TagEventFilter,
): boolean {
  if (filter.code !== undefined && event.code !== filter.code) return false;
  if (filter.period !== undefined && event.period !== filter.period) return false;
  if (filter.playerId !== undefined && event.playerId !== filter.playerId) return false;
  if (filter.label !== undefined) {
    const wanted = normaliseLabel(filter.label);
    if (!event.labels.some((label) => labelKey(label) === wanted)) return false;
  }
  return true;
}

/** "Result:Made" and "Result : Made" name the same label as "Result: Made". */
function normaliseLabel(written: string): string {
  const colon = written.indexOf(':');
  return `${written.slice(0, colon).trim()}: ${written.slice(colon + 1).trim()}`;
}
