import type { Video } from '@filmroom/contract';
import { SearchXIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useVideoPages } from '../api/get-video-pages';
import { VideoSearch } from './video-search';
import { VideoThumbnail } from './video-thumbnail';

/** As on the Videos page: one request per pause in typing. */
const SEARCH_PAUSE_MS = 250;

type VideoPickerProps = {
  onPick: (video: Video) => void;
  /** Offered last, since comparing two moments of one video is allowed but rarer. */
  currentVideoId?: string;
  /** Picking several (a season's games): each video is a toggle, pressed when picked. */
  picked?: ReadonlySet<string>;
  /** What the list is for, for screen readers. */
  listLabel?: string;
};

/**
 * Choose a video from the library (own and shared, searchable by title): what the Compare
 * view puts on its other side. Only prepared videos can be picked, they are the ones with a
 * picture.
 */
export function VideoPicker({
  onPick,
  currentVideoId,
  picked,
  listLabel = 'Videos to compare with',
}: VideoPickerProps) {
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const pages = useVideoPages(searched);
  const videos = [...(pages.data?.pages.flatMap((page) => page.videos) ?? [])].sort(
    (a, b) => Number(a.id === currentVideoId) - Number(b.id === currentVideoId),
  );

  return (
    <div className="grid gap-3">
      <VideoSearch value={search} onChange={setSearch} />
      {pages.isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading videos
        </div>
      ) : pages.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {pages.error.message}
        </p>
      ) : videos.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <SearchXIcon className="size-4" aria-hidden />
          {searched ? 'No videos found matching your search' : 'No videos uploaded yet'}
        </p>
      ) : (
        <ul aria-label={listLabel} className="grid max-h-96 gap-2 overflow-y-auto pr-1">
          {videos.map((video) => (
            <li key={video.id}>
              <button
                type="button"
                disabled={video.status !== 'ready'}
                aria-pressed={picked ? picked.has(video.id) : undefined}
                onClick={() => onPick(video)}
                className="flex w-full items-center gap-3 rounded-lg border bg-card p-2 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60 aria-pressed:border-primary aria-pressed:bg-primary/10"
              >
                <VideoThumbnail video={video} className="w-28 shrink-0 rounded-md" />
                <span className="grid min-w-0 gap-0.5">
                  <span className="truncate font-medium">{video.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {picked?.has(video.id) ? 'Picked · ' : ''}
                    {video.id === currentVideoId
                      ? 'This video, another moment'
                      : video.status === 'ready'
                        ? video.isShared && video.sharedBy
                          ? `Shared by ${video.sharedBy.name}`
                          : 'Your video'
                        : 'Still being prepared'}
                  </span>
                </span>
              </button>
            </li>
          ))}
          {pages.hasNextPage ? (
            <li>
              <Button
                variant="outline"
                className="w-full"
                disabled={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              >
                Show more videos
              </Button>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
