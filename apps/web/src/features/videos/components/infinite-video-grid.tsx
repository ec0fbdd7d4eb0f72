import type { Video } from '@filmroom/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useNow } from '@/hooks/use-now';
import { cn } from '@/lib/utils';
import { VideoCard } from './video-card';
import { GRID_COLUMNS, NoVideos, VideoGridSkeleton, VideosCouldNotLoad } from './video-grid';

// Tailwind's sm and lg breakpoints, where GRID_COLUMNS goes to two and three columns.
const TWO_COLUMNS = '(min-width: 40rem)';
const THREE_COLUMNS = '(min-width: 64rem)';
// A card's height before it is measured (16:9 thumbnail, title, date, button): close enough
// that the scroll bar barely moves once the real rows are measured.
const ESTIMATED_ROW_HEIGHT = 330;
// Rows kept rendered beyond the screen: Tab always has a next card to move to, and a fast
// scroll shows cards, not blank space.
const OVERSCAN_ROWS = 3;
// The next page is asked for once the overscan reaches this near the last loaded row: with the
// overscan, about four rows before the person sees the end, and not on the first screen.
const PREFETCH_ROWS = 1;

type InfiniteVideoGridProps = {
  /** Every video loaded so far, in order; undefined while the first page loads. */
  videos: Video[] | undefined;
  /** The team whose videos these are, if the list is filtered to one ('' or absent if not). */
  teamId?: string;
  searching: boolean;
  /** The first page failed: nothing to show. */
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => void;
  fetchingNextPage: boolean;
  /** Fetching the next page failed: the loaded cards stay, with a way to try again. */
  nextPageError: Error | null;
  /** A new search is on its way: the cards shown are the previous search's. */
  updating: boolean;
  skeletonCount?: number;
};

/**
 * Spec §2 Videos: a grid of every video, however many. Only the rows near the screen are in
 * the page (the grid is as tall as all of them, so the scroll bar tells the truth), and the
 * next page loads before the person scrolls to the end. Cards are list items with their place
 * in the list, so a screen reader still says "3 of 24" though most are not rendered.
 */
export function InfiniteVideoGrid({
  videos,
  teamId,
  searching,
  error,
  onRetry,
  retrying,
  hasNextPage,
  fetchNextPage,
  fetchingNextPage,
  nextPageError,
  updating,
  skeletonCount = 6,
}: InfiniteVideoGridProps) {
  if (error && !videos) {
    return <VideosCouldNotLoad error={error} onRetry={onRetry} retrying={retrying} />;
  }
  if (!videos) return <VideoGridSkeleton count={skeletonCount} />;
  if (videos.length === 0 && !updating) return <NoVideos searching={searching} teamId={teamId} />;
  return (
    <VirtualRows
      videos={videos}
      hasNextPage={hasNextPage}
      fetchNextPage={fetchNextPage}
      fetchingNextPage={fetchingNextPage}
      nextPageError={nextPageError}
      updating={updating}
    />
  );
}

function VirtualRows({
  videos,
  hasNextPage,
  fetchNextPage,
  fetchingNextPage,
  nextPageError,
  updating,
}: Pick<
  InfiniteVideoGridProps,
  'hasNextPage' | 'fetchNextPage' | 'fetchingNextPage' | 'nextPageError' | 'updating'
> & { videos: Video[] }) {
  const now = useNow();
  const twoColumns = useMediaQuery(TWO_COLUMNS);
  const threeColumns = useMediaQuery(THREE_COLUMNS);
  const columns = threeColumns ? 3 : twoColumns ? 2 : 1;
  const rowCount = Math.ceil(videos.length / columns);

  // The window scrolls, not the grid: the virtualiser needs where the grid starts on the page,
  // which moves when a banner above it comes or goes.
  const listRef = useRef<HTMLDivElement>(null);
  const [listTop, setListTop] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setListTop(list.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    scrollMargin: listTop,
    // Rows change with the column count: a row's measured height must not be reused for
    // another set of cards.
    getItemKey: (index) => `${columns}:${videos[index * columns]?.id ?? index}`,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows.at(-1)?.index ?? -1;

  const wantsMore =
    hasNextPage && !fetchingNextPage && !nextPageError && lastRow >= rowCount - 1 - PREFETCH_ROWS;
  useLayoutEffect(() => {
    if (wantsMore) fetchNextPage();
  }, [wantsMore, fetchNextPage]);

  return (
    <div className="grid gap-4">
      <div
        ref={listRef}
        role="list"
        aria-label="Videos"
        aria-busy={updating || fetchingNextPage}
        className={cn('relative transition-opacity', updating && 'opacity-60')}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const first = row.index * columns;
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              // The row gap is each row's bottom padding, so measuring a row includes it.
              className={cn(GRID_COLUMNS, 'absolute inset-x-0 top-0 pb-4 sm:pb-5')}
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              {videos.slice(first, first + columns).map((video, offset) => (
                <div
                  key={video.id}
                  role="listitem"
                  aria-posinset={first + offset + 1}
                  // -1: more are on the server than are loaded yet.
                  aria-setsize={hasNextPage ? -1 : videos.length}
                  className="flex"
                >
                  <VideoCard video={video} now={now} />
                </div>
              ))}
            </div>
          );
        })}
      </div>
      {fetchingNextPage ? (
        <VideoGridSkeleton count={columns} label="Loading more videos" />
      ) : nextPageError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 p-4 text-center text-sm sm:flex-row sm:justify-between sm:text-left"
        >
          <p>More videos couldn't load: {nextPageError.message}</p>
          <Button variant="outline" size="sm" onClick={fetchNextPage}>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}
