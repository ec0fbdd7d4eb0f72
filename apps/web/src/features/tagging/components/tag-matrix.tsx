import type { TagEvent, TagRatioValue, TagStats } from '@filmroom/contract';
import { ListVideoIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/layout/error-state';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useMakeTagPlaylist } from '../api/make-tag-playlist';
import { useTagStats, type TagStatsFilter } from '../api/tag-stats';
import { TagEventList } from './tag-event-list';

type TagMatrixProps = {
  videoId: string;
  /** The code window whose ratios (FG% …) are shown under the counts. */
  templateId?: string;
  periods: readonly string[];
  events: readonly TagEvent[];
  onPlay: (event: TagEvent) => void;
};

type Selection = { title: string; eventIds: string[] };

/**
 * Counts of event types × labels or players, for a period or the whole game. A cell opens its
 * events, which play one by one or become a playlist in one step.
 */
export function TagMatrix({ videoId, templateId, periods, events, onPlay }: TagMatrixProps) {
  const [filter, setFilter] = useState<TagStatsFilter>({ by: 'player' });
  const stats = useTagStats(videoId, filter, templateId);
  const [selection, setSelection] = useState<Selection | null>(null);
  const makePlaylist = useMakeTagPlaylist(videoId);
  const [made, setMade] = useState<{ playlistId: string; clipCount: number } | null>(null);

  const choose = (next: Selection) => {
    setSelection(next);
    setMade(null);
  };
  const picked = selection ? events.filter((event) => selection.eventIds.includes(event.id)) : [];

  return (
    <section aria-labelledby="tag-matrix-title" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id="tag-matrix-title" className="text-sm font-semibold">
          Counts
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Count by" className="flex gap-1">
            {(['player', 'label'] as const).map((by) => (
              <Button
                key={by}
                size="sm"
                variant={filter.by === by ? 'default' : 'outline'}
                aria-pressed={filter.by === by}
                onClick={() => setFilter({ ...filter, by })}
              >
                By {by}
              </Button>
            ))}
          </div>
          {periods.length > 0 ? (
            <NativeSelect
              aria-label="Period"
              className="h-8 text-xs md:text-xs"
              value={filter.period ?? ''}
              onChange={(change) =>
                setFilter({ ...filter, period: change.target.value || undefined })
              }
            >
              <option value="">Whole game</option>
              {periods.map((period) => (
                <option key={period} value={period}>
                  {period}
                </option>
              ))}
            </NativeSelect>
          ) : null}
        </div>
      </div>

      {stats.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : stats.isError ? (
        <ErrorState
          titleAs="h4"
          title="The counts couldn't load"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : stats.data.total === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing tagged{filter.period ? ` in ${filter.period}` : ''} yet: counts appear here.
        </p>
      ) : (
        <MatrixTable stats={stats.data} onChoose={choose} selected={selection} />
      )}

      {selection ? (
        <div className="grid gap-2 rounded-md border p-3" aria-live="polite">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="text-sm font-semibold">{selection.title}</h4>
            <Button
              size="sm"
              disabled={makePlaylist.isPending || picked.length === 0}
              onClick={() =>
                makePlaylist.mutate(
                  { title: selection.title, eventIds: selection.eventIds },
                  { onSuccess: setMade, onError: toastError },
                )
              }
            >
              <ListVideoIcon aria-hidden />
              {makePlaylist.isPending ? 'Making playlist…' : 'Make playlist'}
            </Button>
          </div>
          {made ? (
            <p className="text-sm">
              Playlist made with {made.clipCount} {made.clipCount === 1 ? 'clip' : 'clips'}.{' '}
              <Link className="font-medium underline" to={`/playlists/${made.playlistId}`}>
                Open playlist
              </Link>
            </p>
          ) : null}
          <TagEventList events={picked} onPlay={onPlay} />
        </div>
      ) : null}
    </section>
  );
}

function MatrixTable({
  stats,
  onChoose,
  selected,
}: {
  stats: TagStats;
  onChoose: (selection: Selection) => void;
  selected: Selection | null;
}) {
  const cellButton = (title: string, eventIds: string[], count: number) => (
    <button
      type="button"
      aria-label={`${count} ${title}: show events`}
      onClick={() => onChoose({ title, eventIds })}
      className={cn(
        'min-w-8 rounded px-1.5 py-0.5 font-medium tabular-nums hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        selected?.title === title && 'bg-primary text-primary-foreground hover:bg-primary/90',
      )}
    >
      {count}
    </button>
  );
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" data-testid="tag-matrix">
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="py-1 pr-2 text-left font-medium">
              Event
            </th>
            <th scope="col" className="px-1 py-1 text-right font-medium">
              All
            </th>
            {stats.columns.map((column) => (
              <th key={column.key} scope="col" className="px-1 py-1 text-right font-medium">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stats.rows.map((row) => (
            <tr key={row.code} className="border-b last:border-0">
              <th scope="row" className="py-1 pr-2 text-left font-medium">
                <span
                  aria-hidden
                  className="mr-1.5 inline-block size-2.5 rounded-full align-middle"
                  style={{ backgroundColor: row.colour }}
                />
                {row.code}
              </th>
              <td className="px-1 py-1 text-right">
                {cellButton(`${row.code}, all`, row.eventIds, row.total)}
              </td>
              {stats.columns.map((column) => {
                const cell = row.cells.find((candidate) => candidate.column === column.key);
                return (
                  <td key={column.key} className="px-1 py-1 text-right">
                    {cell ? (
                      cellButton(`${row.code}, ${column.title}`, cell.eventIds, cell.count)
                    ) : (
                      <span className="px-1.5 text-muted-foreground" aria-label="none">
                        ·
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          {stats.ratios
            .filter((ratio) => ratio.total.attempted > 0)
            .map((ratio) => (
              <tr key={ratio.name} className="border-t-2" data-testid="tag-ratio-row">
                <th scope="row" className="py-1 pr-2 text-left font-medium">
                  {ratio.name}
                </th>
                <td className="px-1 py-1 text-right">
                  <RatioValue value={ratio.total} />
                </td>
                {stats.columns.map((column) => {
                  const cell = ratio.cells.find((candidate) => candidate.column === column.key);
                  return (
                    <td key={column.key} className="px-1 py-1 text-right">
                      {cell ? (
                        <RatioValue value={cell} />
                      ) : (
                        <span className="px-1.5 text-muted-foreground" aria-label="none">
                          ·
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

/** "2/3" over "66.7%": made of attempted, then the share. */
function RatioValue({ value }: { value: TagRatioValue }) {
  return (
    <span className="inline-grid justify-items-end px-1.5 leading-tight tabular-nums">
      <span className="font-medium">
        {value.made}/{value.attempted}
      </span>
      <span className="text-xs text-muted-foreground">
        {value.percentage === null ? '–' : `${value.percentage}%`}
      </span>
    </span>
  );
}
