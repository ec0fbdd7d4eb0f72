import { TAG_NO_PLAYER, type TagEvent, type TagEventFilter } from './tagging';

// Which events a filter picks, in code: the server's lists and exports and the web app's
// opened matrix cells read the same rules (the server's SQL conditions mirror them).

/** "Group: Text" as a label is written in filters, matrix columns and captions. */
export const labelKey = (label: { group: string; text: string }) => `${label.group}: ${label.text}`;

/** Whether the event passes every condition of the filter (a missing one passes all). */
export function matchesFilter(
  event: Pick<TagEvent, 'code' | 'period' | 'playerId' | 'labels'>,
  filter: TagEventFilter,
): boolean {
  if (filter.code !== undefined && event.code !== filter.code) return false;
  if (filter.period !== undefined && event.period !== filter.period) return false;
  if (filter.playerId !== undefined && event.playerId !== playerOfFilter(filter.playerId)) {
    return false;
  }
  return filter.label === undefined || carriesLabel(event, filter.label);
}

/** Whether one of the event's labels is the one written ("Result: Made"). */
export function carriesLabel(event: Pick<TagEvent, 'labels'>, written: string): boolean {
  const wanted = normaliseLabel(written);
  return event.labels.some((label) => labelKey(label) === wanted);
}

/** "Result:Made" and "Result : Made" name the same label as "Result: Made". */
export function normaliseLabel(written: string): string {
  const colon = written.indexOf(':');
  return `${written.slice(0, colon).trim()}: ${written.slice(colon + 1).trim()}`;
}

/** The player a filter names, null for the events tagged with nobody. */
export function playerOfFilter(playerId: string): string | null {
  return playerId === TAG_NO_PLAYER ? null : playerId;
}
