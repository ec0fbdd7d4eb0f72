import type { Video } from '@filmroom/contract';
import { FilmIcon, SearchXIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/hooks/use-now';
import { AddNewVideoButton } from './add-new-video-button';
import { VideoCard } from './video-card';

export const GRID_COLUMNS = 'grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

type VideoGridProps = {
  /** Undefined while the list loads. */
  videos: Video[] | undefined;
  /** True when the person has typed a search (decides which empty state fits). */
  searching: boolean;
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
  /** How many placeholder cards to show while loading. */
  skeletonCount?: number;
};

/** Placeholder cards in the grid's shape while videos load. */
export function VideoGridSkeleton({
  count,
  label = 'Loading videos',
}: {
  count: number;
  label?: string;
}) {
  return (
    <div className={GRID_COLUMNS} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="overflow-hidden rounded-xl border bg-card">
          <Skeleton className="aspect-video rounded-none" />
          <div className="grid gap-2.5 p-4">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="mt-2 h-8 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The list's first load failed: what went wrong, and a way to try again. */
export function VideosCouldNotLoad({
  error,
  onRetry,
  retrying,
}: {
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <ErrorState
      title="Videos couldn't load"
      message={error.message}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

/** Spec §2's two empty states: nothing uploaded, or nothing that matches the search. */
/** `teamId`: the list is one team's, so a new video starts from the team's sport. */
export function NoVideos({ searching, teamId }: { searching: boolean; teamId?: string }) {
  return searching ? (
    <EmptyState
      icon={SearchXIcon}
      title="No videos found matching your search"
      description="Try another word from the video's title."
    />
  ) : (
    <EmptyState
      icon={FilmIcon}
      title="No videos uploaded yet"
      description="Upload a game or training video to get AI analysis and coaching points."
    >
      <AddNewVideoButton teamId={teamId} />
    </EmptyState>
  );
}

/** A grid of video cards with its loading, error and both empty states (spec §2). */
export function VideoGrid({
  videos,
  searching,
  error,
  onRetry,
  retrying,
  skeletonCount = 3,
}: VideoGridProps) {
  const now = useNow();

  if (error && !videos) {
    return <VideosCouldNotLoad error={error} onRetry={onRetry} retrying={retrying} />;
  }
  if (!videos) return <VideoGridSkeleton count={skeletonCount} />;
  if (videos.length === 0) return <NoVideos searching={searching} />;
  return (
    <ul className={GRID_COLUMNS} aria-label="Videos">
      {videos.map((video) => (
        <li key={video.id} className="flex">
          <VideoCard video={video} now={now} />
        </li>
      ))}
    </ul>
  );
}
