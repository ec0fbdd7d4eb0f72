import type { TagPlayer } from '@filmroom/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

type RosterStripProps = {
  roster: UseQueryResult<TagPlayer[]>;
  /** The last event's player, pressed in the strip. */
  playerId: string | null;
  /** No event tagged yet: there is nothing to give a player to. */
  disabled: boolean;
  onPick: (player: TagPlayer) => void;
};

/** Shirt numbers first, in order; athletes without one after them, by name. */
function byShirtNumber(a: TagPlayer, b: TagPlayer) {
  if (a.number !== b.number) {
    if (a.number === null) return 1;
    if (b.number === null) return -1;
    return a.number - b.number;
  }
  return a.name.localeCompare(b.name);
}

/**
 * The team's athletes as small buttons: a tap gives the last event its player, where a
 * keyboard would type the shirt number then Enter. One scrolling row on a phone, so the
 * event buttons stay near the picture; wrapped where there is room.
 */
export function RosterStrip({ roster, playerId, disabled, onPick }: RosterStripProps) {
  const list = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls: the last event's player (tapped, or typed by number) is
  // brought into it, sideways only, so the page under the picture never jumps.
  useLayoutEffect(() => {
    const row = list.current;
    const pressed = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !pressed) return;
    const left = pressed.offsetLeft;
    const right = left + pressed.offsetWidth;
    if (left < row.scrollLeft || right > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = Math.max(0, left - (row.clientWidth - pressed.offsetWidth) / 2);
    }
  }, [playerId, roster.data]);

  return (
    <div role="group" aria-labelledby="roster-strip-title" className="grid gap-1.5">
      <p id="roster-strip-title" className="text-xs font-medium text-muted-foreground">
        Player of the last event
      </p>
      {roster.isPending ? (
        <p role="status" className="text-xs text-muted-foreground">
          Loading the roster…
        </p>
      ) : roster.isError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-xs text-destructive">
          The roster couldn&rsquo;t load.
          <Button
            size="sm"
            variant="outline"
            className="h-7"
            disabled={roster.isFetching}
            onClick={() => void roster.refetch()}
          >
            Retry
          </Button>
        </p>
      ) : roster.data.length === 0 ? (
        <p className="text-xs text-muted-foreground">
          No athletes to tag yet: the coach&rsquo;s athletes appear here once they accept.
        </p>
      ) : (
        // Positioned, so that the buttons' offsets are measured from the row.
        <ul
          ref={list}
          className="relative -mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible"
        >
          {[...roster.data].sort(byShirtNumber).map((player) => {
            const on = player.id === playerId;
            return (
              <li key={player.id} className="shrink-0">
                <Button
                  size="sm"
                  variant={on ? 'default' : 'outline'}
                  aria-pressed={on}
                  disabled={disabled}
                  // Phones need a target a thumb can hit; 44 px as the platforms advise.
                  className="h-11 gap-1 px-3 sm:h-8"
                  title={player.name}
                  onClick={() => onPick(player)}
                >
                  {player.number !== null ? (
                    <span className="font-mono font-semibold">#{player.number}</span>
                  ) : null}
                  <span className="max-w-[9rem] truncate">{player.name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
