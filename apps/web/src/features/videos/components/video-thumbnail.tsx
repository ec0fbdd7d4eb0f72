import type { Video } from '@filmroom/contract';
import { CircleAlertIcon, ClapperboardIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { formatDuration } from '@/lib/format-time';
import { cn } from '@/lib/utils';

type VideoThumbnailProps = {
  video: Pick<
    Video,
    'title' | 'thumbnailUrl' | 'posterUrl' | 'duration' | 'status' | 'progress' | 'failureReason'
  >;
  className?: string;
};

/** A card's picture: the thumbnail (or a placeholder), its length, and preparation state. */
export function VideoThumbnail({ video, className }: VideoThumbnailProps) {
  const source = video.thumbnailUrl ?? video.posterUrl;
  // A still that fails to load (deleted meanwhile, network) falls back to the placeholder.
  const [brokenSource, setBrokenSource] = useState<string | null>(null);
  const showImage = source !== null && source !== brokenSource;

  return (
    <div
      className={cn(
        'relative aspect-video overflow-hidden bg-gradient-to-br from-sidebar to-sidebar-accent',
        className,
      )}
    >
      {showImage ? (
        <img
          src={source}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setBrokenSource(source)}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      ) : (
        <div className="grid size-full place-items-center text-sidebar-muted-foreground/70">
          <ClapperboardIcon className="size-10" aria-hidden />
        </div>
      )}

      {video.status === 'ready' && video.duration !== null ? (
        <Badge variant="overlay" className="absolute right-2 bottom-2 font-mono tabular-nums">
          <span className="sr-only">Length </span>
          {formatDuration(video.duration)}
        </Badge>
      ) : null}

      {video.status === 'processing' ? (
        <div className="absolute inset-x-0 bottom-0 grid gap-1.5 bg-gradient-to-t from-black/80 to-transparent px-3 pt-6 pb-3 text-white">
          <div className="flex items-center justify-between text-xs font-semibold">
            <span>Preparing video…</span>
            <span className="tabular-nums">{video.progress}%</span>
          </div>
          <Progress
            value={video.progress}
            aria-label={`Preparing ${video.title}`}
            className="h-1.5 bg-white/25"
            indicatorClassName="bg-signal"
          />
        </div>
      ) : null}

      {video.status === 'failed' ? (
        <div className="absolute inset-0 grid place-items-center bg-black/70 p-4 text-center text-white">
          <div className="grid justify-items-center gap-1.5">
            <CircleAlertIcon className="size-6 text-red-300" aria-hidden />
            <p className="text-sm font-semibold">Couldn&apos;t prepare this video</p>
            {video.failureReason ? (
              <p className="line-clamp-2 text-xs text-white/80">{video.failureReason}</p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
