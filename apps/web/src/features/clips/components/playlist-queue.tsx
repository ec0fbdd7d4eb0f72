import type { PlaylistItem } from '@filmroom/contract';
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon, PlayIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatPointTimestamp } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { useChangePlaylist } from '../api/change-playlist';
import { movedItem } from '../lib/playlist-order';

type PlaylistQueueProps = {
  playlistId: string;
  items: PlaylistItem[];
  playing: number;
  onPlay: (index: number) => void;
  /** The owner reorders and removes; anyone else sees the order. */
  editable: boolean;
};

/**
 * The clips in playing order. The owner moves a clip with its Move up / Move down buttons
 * (keyboard and screen readers) or by dragging its row, and takes clips out.
 */
export function PlaylistQueue({
  playlistId,
  items,
  playing,
  onPlay,
  editable,
}: PlaylistQueueProps) {
  const change = useChangePlaylist(playlistId);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  // A moved row is re-inserted in the list, which drops focus: it goes back to the same button.
  const refocus = useRef<{ itemId: string; direction: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const headingId = useId();

  useEffect(() => {
    const target = refocus.current;
    if (!target || !listRef.current) return;
    const button = listRef.current.querySelector<HTMLButtonElement>(
      `[data-move="${target.direction}"][data-item="${target.itemId}"]`,
    );
    // At the end of the list its button is disabled: the other direction keeps the focus near.
    const fallback = listRef.current.querySelector<HTMLButtonElement>(
      `[data-move="${target.direction === 'up' ? 'down' : 'up'}"][data-item="${target.itemId}"]`,
    );
    (button && !button.disabled ? button : fallback)?.focus();
    refocus.current = null;
  }, [items]);

  const move = (from: number, to: number, direction?: 'up' | 'down') => {
    const itemIds = movedItem(
      items.map((item) => item.id),
      from,
      to,
    );
    if (!itemIds) return;
    const moved = items[from]!;
    if (direction) refocus.current = { itemId: moved.id, direction };
    change.mutate({ kind: 'reorder', itemIds });
    setAnnouncement(`${moved.clip.title} moved to position ${to + 1} of ${items.length}`);
    if (playing === from) onPlay(to);
    else if (from < playing && to >= playing) onPlay(playing - 1);
    else if (from > playing && to <= playing) onPlay(playing + 1);
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-sm font-semibold">
        Clips in order
      </h2>
      {editable ? (
        <p className="text-xs text-muted-foreground">
          Drag a clip, or use its arrow buttons, to change the order.
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol ref={listRef} aria-labelledby={headingId} className="grid gap-2">
        {items.map((item, index) => (
          <li
            key={item.id}
            draggable={editable}
            onDragStart={(event) => {
              setDragging(item.id);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', item.id);
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(event) => {
              if (editable && dragging) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              const from = items.findIndex((candidate) => candidate.id === dragging);
              setDragging(null);
              if (from >= 0) move(from, index);
            }}
            className={cn(
              'flex items-center gap-2 rounded-lg border bg-card p-2',
              index === playing && 'border-primary/60 bg-accent/40',
              dragging === item.id && 'opacity-50',
            )}
          >
            {editable ? (
              <GripVerticalIcon
                className="size-4 shrink-0 cursor-grab text-muted-foreground"
                aria-hidden
              />
            ) : null}
            <button
              type="button"
              onClick={() => onPlay(index)}
              aria-current={index === playing ? 'true' : undefined}
              className="grid min-w-0 flex-1 gap-0.5 rounded-md px-1 text-left text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex items-center gap-1.5 font-medium">
                {index === playing ? <PlayIcon className="size-3.5 shrink-0" aria-hidden /> : null}
                <span className="truncate">
                  {index + 1}. {item.clip.title}
                </span>
              </span>
              <span className="text-xs text-muted-foreground tabular-nums">
                {formatPointTimestamp(item.clip.end - item.clip.start)}
                {item.clip.notes.length > 0
                  ? ` · ${item.clip.notes.length} ${item.clip.notes.length === 1 ? 'note' : 'notes'}`
                  : ''}
              </span>
            </button>
            {editable ? (
              <div className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  data-move="up"
                  data-item={item.id}
                  disabled={index === 0}
                  aria-label={`Move ${item.clip.title} up`}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  <ArrowUpIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  data-move="down"
                  data-item={item.id}
                  disabled={index === items.length - 1}
                  aria-label={`Move ${item.clip.title} down`}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  <ArrowDownIcon aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  disabled={change.isPending}
                  aria-label={`Remove ${item.clip.title} from the playlist`}
                  onClick={() => {
                    if (index < playing) onPlay(playing - 1);
                    change.mutate({ kind: 'remove', itemId: item.id });
                  }}
                >
                  <XIcon aria-hidden />
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
