import type { TagEvent } from '@filmroom/contract';
import { describeTagEvent } from '../lib/describe-tag-event';

/** Tagged events, each a button that plays it (from its lead). */
export function TagEventList({
  events,
  onPlay,
}: {
  events: readonly TagEvent[];
  onPlay: (event: TagEvent) => void;
}) {
  return (
    <ul className="grid gap-1">
      {events.map((event) => (
        <li key={event.id}>
          <button
            type="button"
            onClick={() => onPlay(event)}
            className="w-full rounded px-2 py-1 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {describeTagEvent(event)}
          </button>
        </li>
      ))}
    </ul>
  );
}
