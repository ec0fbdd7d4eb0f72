import { matchesFilter, type TagEvent } from '@filmroom/contract';
import { ListVideoIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/layout/error-state';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/components/ui/use-toast';
import { useMakeTagPlaylist } from '../api/make-tag-playlist';
import { useTagStats, type TagStatsFilter } from '../api/tag-stats';
import { TagEventList } from './tag-event-list';
import { TagMatrixTable, type TagMatrixSelection } from './tag-matrix-table';

type TagMatrixProps = {
  videoId: string;
  /** The code window whose ratios (FG% …) are shown under the counts. */
  templateId?: string;
  periods: readonly string[];
  events: readonly TagEvent[];
  onPlay: (event: TagEvent) => void;
};

/**
 * Counts of event types × labels or players, for a period or the whole game. A cell opens its
 * events, which play one by one or become a playlist in one step.
 */
export function TagMatrix({ videoId, templateId, periods, events, onPlay }: TagMatrixProps) {
  const [filter, setFilter] = useState<TagStatsFilter>({ by: 'player' });
  const stats = useTagStats(videoId, filter, templateId);
  const [selection, setSelection] = useState<TagMatrixSelection | null>(null);
  const makePlaylist = useMakeTagPlaylist(videoId);
  const [made, setMade] = useState<{ playlistId: string; clipCount: number } | null>(null);

  const choose = (next: TagMatrixSelection) => {
    setSelection(next);
    setMade(null);
  };
  // The page holds the video's events (kept live), so an opened cell picks from them.
  const picked = selection ? events.filter((event) => matchesFilter(event, selection.filter)) : [];

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
        <TagMatrixTable
          stats={stats.data}
          period={filter.period}
          onChoose={choose}
          selected={selection}
        />
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
                  { title: selection.title, filter: selection.filter },
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
