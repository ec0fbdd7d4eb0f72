import type { TagEvent } from '@filmroom/contract';
import { useMemo } from 'react';
import { formatPointTimestamp } from '@/lib/format-time';

type TagTimelineProps = {
  events: readonly TagEvent[];
  duration: number;
  onPlay: (event: TagEvent) => void;
};

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

/**
 * One row per event type under the player, each event a bar from its in to its out (a
 * moment gets a sliver); a bar plays its event's clip from the lead before it.
 */
export function TagTimeline({ events, duration, onPlay }: TagTimelineProps) {
  const rows = useMemo(() => {
    const byCode = new Map<string, { colour: string; events: TagEvent[] }>();
    for (const event of events) {
      const row = byCode.get(event.code) ?? { colour: event.colour, events: [] };
      row.events.push(event);
      byCode.set(event.code, row);
    }
    return [...byCode];
  }, [events]);
  if (rows.length === 0 || duration <= 0) return null;
  const at = (seconds: number) => `${Math.min(100, (seconds / duration) * 100)}%`;
  return (
    <section aria-labelledby="tag-timeline-title" className="grid gap-1.5">
      <h2 id="tag-timeline-title" className="text-sm font-semibold">
        Tagged events
      </h2>
      <ul className="grid gap-1" data-testid="tag-timeline">
        {rows.map(([code, row]) => (
          <li key={code} className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-2">
            <span className="truncate text-xs font-medium" title={code}>
              {code} <span className="text-muted-foreground tabular-nums">{row.events.length}</span>
            </span>
            <div
              role="group"
              aria-label={`${code}: ${row.events.length} events`}
              className="relative h-6 rounded bg-muted"
            >
              {row.events.map((event) => (
                <button
                  key={event.id}
                  type="button"
                  aria-label={`Play ${describeTagEvent(event)}`}
                  title={describeTagEvent(event)}
                  onClick={() => onPlay(event)}
                  className="absolute inset-y-0.5 min-w-1.5 rounded-sm opacity-85 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
                  style={{
                    left: at(event.start),
                    width: `max(0.375rem, calc(${at(event.end)} - ${at(event.start)}))`,
                    backgroundColor: event.colour,
                  }}
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
