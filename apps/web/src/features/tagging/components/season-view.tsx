import { PLAYLIST_MAX_CLIPS, type TagEvent, type VideoDetail } from '@filmroom/contract';
import { useQueries } from '@tanstack/react-query';
import { ChartColumnIcon, ListVideoIcon, PlusIcon, XIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/components/ui/use-toast';
import { videoQueryKey } from '@/lib/query-keys';
import { useMakeSeasonTagPlaylist, useMakeTagPlaylist } from '../api/make-tag-playlist';
import { useTagSeasonEvents, useTagSeasonStats, type TagSeasonFilter } from '../api/tag-season';
import { useTagTemplates } from '../api/tag-templates';
import { TagMatrixTable, type TagMatrixSelection } from './tag-matrix-table';
import { describeTagEvent } from '../lib/describe-tag-event';

/** How the page offers games to add: the app composes the library's picker in. */
export type RenderGamePicker = (options: {
  picked: ReadonlySet<string>;
  onToggle: (videoId: string) => void;
}) => ReactNode;

type SeasonViewProps = {
  videoIds: readonly string[];
  onVideoIdsChange: (videoIds: string[]) => void;
  renderPicker: RenderGamePicker;
};

/**
 * The season view: the counts matrix and the code window's ratios (made / attempted per
 * player) over several games the coach picks; a cell opens its events game by game.
 */
export function SeasonView({ videoIds, onVideoIdsChange, renderPicker }: SeasonViewProps) {
  const [picking, setPicking] = useState(videoIds.length === 0);
  const titles = useGameTitles(videoIds);
  const toggle = (videoId: string) =>
    onVideoIdsChange(
      videoIds.includes(videoId)
        ? videoIds.filter((known) => known !== videoId)
        : [...videoIds, videoId],
    );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <section aria-labelledby="season-games-title" className="grid gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="season-games-title" className="text-base font-semibold">
            Games{videoIds.length > 0 ? ` (${videoIds.length})` : ''}
          </h2>
          <Button
            size="sm"
            variant="outline"
            aria-expanded={picking}
            onClick={() => setPicking(!picking)}
          >
            {picking ? null : <PlusIcon aria-hidden />}
            {picking ? 'Done' : 'Add games'}
          </Button>
        </div>
        {videoIds.length > 0 ? (
          <ul className="grid gap-1" aria-label="Games counted">
            {videoIds.map((videoId) => (
              <li
                key={videoId}
                className="flex items-center justify-between gap-2 rounded-md border px-2 py-1 text-sm"
              >
                <Link to={`/videos/${videoId}`} className="min-w-0 truncate hover:underline">
                  {titles.get(videoId) ?? 'Loading…'}
                </Link>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-7 shrink-0"
                  aria-label={`Remove ${titles.get(videoId) ?? 'this game'}`}
                  onClick={() => toggle(videoId)}
                >
                  <XIcon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {picking ? renderPicker({ picked: new Set(videoIds), onToggle: toggle }) : null}
      </section>

      {videoIds.length === 0 ? (
        <EmptyState
          titleAs="h2"
          icon={ChartColumnIcon}
          title="Pick the games to count"
          description="Choose two or more tagged games: their events are counted together, with made / attempted per player."
        />
      ) : (
        <SeasonMatrix videoIds={videoIds} titles={titles} />
      )}
    </div>
  );
}

/** Each picked game's title, from the same cache entry its own page reads. */
function useGameTitles(videoIds: readonly string[]): Map<string, string> {
  const videos = useQueries({
    queries: videoIds.map((videoId) => ({
      queryKey: videoQueryKey(videoId),
      meta: { showErrorToast: false },
    })),
  });
  const titles = new Map<string, string>();
  videos.forEach((video, index) => {
    const data = video.data as VideoDetail | undefined;
    if (data) titles.set(videoIds[index]!, data.title);
    else if (video.isError) titles.set(videoIds[index]!, 'A game you cannot open');
  });
  return titles;
}

function SeasonMatrix({
  videoIds,
  titles,
}: {
  videoIds: readonly string[];
  titles: Map<string, string>;
}) {
  const templates = useTagTemplates();
  const own = templates.data?.templates ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = own.find((template) => template.id === chosenId) ?? own[0];
  const [filter, setFilter] = useState<TagSeasonFilter>({ by: 'player' });
  const stats = useTagSeasonStats(videoIds, filter, chosen?.id);
  const [selection, setSelection] = useState<TagMatrixSelection | null>(null);
  const periods = chosen?.periods ?? [];

  return (
    <section aria-labelledby="season-counts-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="season-counts-title" className="text-base font-semibold">
          Counts across {videoIds.length} {videoIds.length === 1 ? 'game' : 'games'}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Count by" className="flex gap-1">
            {(['player', 'label'] as const).map((by) => (
              <Button
                key={by}
                size="sm"
                variant={filter.by === by ? 'default' : 'outline'}
                aria-pressed={filter.by === by}
                onClick={() => {
                  setFilter({ ...filter, by });
                  setSelection(null);
                }}
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
              onChange={(change) => {
                setFilter({ ...filter, period: change.target.value || undefined });
                setSelection(null);
              }}
            >
              <option value="">Whole games</option>
              {periods.map((period) => (
                <option key={period} value={period}>
                  {period}
                </option>
              ))}
            </NativeSelect>
          ) : null}
          {own.length > 0 ? (
            <NativeSelect
              aria-label="Ratios of code window"
              className="h-8 text-xs md:text-xs"
              value={chosen?.id ?? ''}
              onChange={(change) => setChosenId(change.target.value)}
            >
              {own.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </NativeSelect>
          ) : null}
        </div>
      </div>

      {stats.isPending ? (
        <Loading what="Counting the games…" className="h-32" />
      ) : stats.isError ? (
        <ErrorState
          titleAs="h3"
          title="The counts couldn't load"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : stats.data.total === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing is tagged{filter.period ? ` in ${filter.period}` : ''} in these games yet: tag
          them on each game&rsquo;s Tag tab and the counts appear here.
        </p>
      ) : (
        <TagMatrixTable
          stats={stats.data}
          period={filter.period}
          onChoose={setSelection}
          selected={selection}
        />
      )}

      {selection ? <SeasonCell videoIds={videoIds} titles={titles} selection={selection} /> : null}
    </section>
  );
}

/**
 * An opened cell: its events, game by game; all of them, or one game's, become a playlist in
 * one step.
 */
function SeasonCell({
  videoIds,
  titles,
  selection,
}: {
  videoIds: readonly string[];
  titles: Map<string, string>;
  selection: TagMatrixSelection;
}) {
  const events = useTagSeasonEvents(videoIds, selection.filter);
  const byGame = new Map<string, TagEvent[]>();
  for (const event of events.data?.events ?? []) {
    byGame.set(event.videoId, [...(byGame.get(event.videoId) ?? []), event]);
  }
  return (
    <div className="grid gap-3 rounded-md border p-3" aria-live="polite">
      <h3 className="text-sm font-semibold">{selection.title}</h3>
      {events.isPending ? (
        <Loading what="Loading the events…" className="h-16" />
      ) : events.isError ? (
        <ErrorState
          titleAs="h4"
          title="The events couldn't load"
          message={events.error.message}
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      ) : events.data.total === 0 ? (
        <p className="text-sm text-muted-foreground">
          No events here any more: the games changed since the counts loaded.
        </p>
      ) : (
        <>
          {events.data.total > events.data.events.length ? (
            <p className="text-sm text-muted-foreground">
              The first {events.data.events.length} of {events.data.total} events.
            </p>
          ) : null}
          {byGame.size > 1 ? (
            <CellPlaylist videoIds={videoIds} selection={selection} total={events.data.total} />
          ) : null}
          {[...byGame].map(([videoId, gameEvents]) => (
            <GameEvents
              key={videoId}
              videoId={videoId}
              title={titles.get(videoId) ?? 'Game'}
              cellTitle={selection.title}
              filter={selection.filter}
              events={gameEvents}
            />
          ))}
        </>
      )}
    </div>
  );
}

/**
 * The whole cell as one playlist ("all your turnovers from the last three games"): the games
 * in the order they are listed, each in timeline order, as the server lays them out.
 */
function CellPlaylist({
  videoIds,
  selection,
  total,
}: {
  videoIds: readonly string[];
  selection: TagMatrixSelection;
  total: number;
}) {
  const makePlaylist = useMakeSeasonTagPlaylist();
  const [made, setMade] = useState<{ playlistId: string; clipCount: number } | null>(null);
  if (total > PLAYLIST_MAX_CLIPS) {
    return (
      <p className="text-sm text-muted-foreground">
        {total} events are more than a playlist holds ({PLAYLIST_MAX_CLIPS}): pick fewer games or a
        period to make one playlist of them, or make one per game below.
      </p>
    );
  }
  return made ? (
    <Link className="text-sm font-medium underline" to={`/playlists/${made.playlistId}`}>
      Open the playlist of all {made.clipCount} events
    </Link>
  ) : (
    <Button
      size="sm"
      className="justify-self-start"
      disabled={makePlaylist.isPending}
      onClick={() =>
        makePlaylist.mutate(
          // The playlist title's limit; a cell's title names its type and column.
          {
            title: `${selection.title} – ${videoIds.length} games`.slice(0, 200),
            videoIds: [...videoIds],
            filter: selection.filter,
          },
          { onSuccess: setMade, onError: toastError },
        )
      }
    >
      <ListVideoIcon aria-hidden />
      {makePlaylist.isPending ? 'Making playlist…' : `Make one playlist of all ${total} events`}
    </Button>
  );
}

function GameEvents({
  videoId,
  title,
  cellTitle,
  filter,
  events,
}: {
  videoId: string;
  title: string;
  cellTitle: string;
  filter: TagMatrixSelection['filter'];
  events: TagEvent[];
}) {
  const makePlaylist = useMakeTagPlaylist(videoId);
  const [made, setMade] = useState<{ playlistId: string; clipCount: number } | null>(null);
  return (
    <section aria-label={title} className="grid gap-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-medium">
          <Link to={`/videos/${videoId}`} className="hover:underline">
            {title}
          </Link>{' '}
          <span className="text-muted-foreground">({events.length})</span>
        </h4>
        {made ? (
          <Link className="text-sm font-medium underline" to={`/playlists/${made.playlistId}`}>
            Open playlist ({made.clipCount})
          </Link>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={makePlaylist.isPending}
            onClick={() =>
              makePlaylist.mutate(
                // The playlist title's limit; a game's title can be long.
                { title: `${cellTitle} – ${title}`.slice(0, 200), filter },
                { onSuccess: setMade, onError: toastError },
              )
            }
          >
            <ListVideoIcon aria-hidden />
            {makePlaylist.isPending ? 'Making playlist…' : 'Make playlist'}
          </Button>
        )}
      </div>
      <ul className="grid gap-0.5 text-sm">
        {events.map((event) => (
          <li key={event.id} className="px-2 py-0.5">
            {describeTagEvent(event)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A placeholder that says, to screen readers too, what is on its way. */
function Loading({ what, className }: { what: string; className: string }) {
  return (
    <div role="status">
      <span className="sr-only">{what}</span>
      <Skeleton className={`${className} w-full`} />
    </div>
  );
}
