import { labelKey, type TagEvent } from '@filmroom/contract';

const HEADER = [
  'id',
  'type',
  'start',
  'end',
  'clip_start',
  'clip_end',
  'period',
  'player_number',
  'player',
  'labels',
  'author',
  'created_at',
];

/**
 * A cell as RFC 4180 writes it. Text a spreadsheet would run as a formula (=, +, -, @ first)
 * is opened with an apostrophe: an imported label must not become a command.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The events as CSV, one row each in timeline order, with the clip each would make. */
export function toTagEventsCsv(
  events: readonly TagEvent[],
  clipOf: (event: TagEvent) => { start: number; end: number },
): string {
  const rows = events.map((event) => {
    const clip = clipOf(event);
    return [
      event.id,
      event.code,
      event.start,
      event.end,
      clip.start,
      clip.end,
      event.period,
      event.playerNumber,
      event.playerName,
      event.labels.map(labelKey).join('; '),
      event.authorName,
      event.createdAt,
    ]
      .map(cell)
      .join(',');
  });
  return [HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}
