import type { Video } from '@filmroom/contract';
import { PencilIcon, PlayIcon, SparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatRelativeTime } from '@/lib/relative-time';
import { hasAnalysis } from '../lib/card-status';
import { canEditVideo } from '../lib/video-library';
import { SharedBadges } from './shared-badges';
import { VideoCardStatus } from './video-card-status';
import { VideoThumbnail } from './video-thumbnail';

type VideoCardProps = {
  video: Video;
  /** The clock the relative time is measured against (one tick for the whole grid). */
  now: Date;
};

/**
 * Spec §2: a click anywhere on the card, the edit icon or View AI Analysis opens the video.
 * View AI Analysis is offered once there is one (until then: Open video), and the card says
 * where the video stands, live from the event stream.
 * The title is the card's one real link, stretched over the card, so screen readers hear one
 * link per video rather than the whole card read out as a link.
 */
export function VideoCard({ video, now }: VideoCardProps) {
  const to = `/videos/${video.id}`;
  const editable = canEditVideo(video);

  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-[box-shadow,border-color] focus-within:border-ring hover:border-primary/40 hover:shadow-md">
      <VideoThumbnail video={video} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="grid gap-1">
          <h3 className="line-clamp-2 leading-snug font-semibold">
            <Link
              to={to}
              className="rounded-sm outline-none after:absolute after:inset-0 after:content-[''] focus-visible:underline"
            >
              {video.title}
            </Link>
          </h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={video.createdAt} title={new Date(video.createdAt).toLocaleString()}>
              {formatRelativeTime(video.createdAt, now)}
            </time>
          </p>
        </div>

        <SharedBadges video={video} />
        <VideoCardStatus video={video} />

        <div className="mt-auto flex items-center gap-2 pt-1">
          <Button asChild variant="secondary" size="sm" className="relative z-10 flex-1">
            {hasAnalysis(video) ? (
              <Link to={to}>
                <SparklesIcon aria-hidden />
                View AI Analysis
              </Link>
            ) : (
              <Link to={to}>
                <PlayIcon aria-hidden />
                Open video
              </Link>
            )}
          </Button>
          {editable ? (
            <Button asChild variant="ghost" size="icon-sm" className="relative z-10">
              <Link to={to} state={{ edit: true }} aria-label={`Edit ${video.title}`}>
                <PencilIcon aria-hidden />
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
