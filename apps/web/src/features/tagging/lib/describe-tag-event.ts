import type { TagEvent } from '@filmroom/contract';
import { formatPointTimestamp } from '@/lib/format-time';

/** How an event reads to a screen reader and in its tooltip. */
export function describeTagEvent(event: TagEvent): string {
  const player = event.playerName
    ? `${event.playerNumber !== null ? `#${event.playerNumber} ` : ''}${event.playerName}`
    : null;
  return [
    `${event.code} at ${formatPointTimestamp(event.start)}`,
    player,
    ...event.labels.map((label) => `${label.group}: ${label.text}`),
    event.period,
  ]
    .filter(Boolean)
    .join(', ');
}
