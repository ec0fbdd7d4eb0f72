import type { Video } from '@filmroom/contract';
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { cardStatusOf } from '../lib/card-status';

/** A card's line about where the video stands: Preparing, Analysing n%, Failed, Ready. */
export function VideoCardStatus({ video }: { video: Video }) {
  const status = cardStatusOf(video);
  switch (status.kind) {
    case 'preparing':
      return (
        <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <LoaderCircleIcon
            className="size-3.5 animate-spin motion-reduce:animate-none"
            aria-hidden
          />
          Preparing {status.progress}%
        </p>
      );
    case 'analysing':
      return (
        <div className="grid gap-1.5">
          <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <LoaderCircleIcon
              className="size-3.5 animate-spin motion-reduce:animate-none"
              aria-hidden
            />
            {status.progress === null ? 'Waiting to be analysed' : `Analysing ${status.progress}%`}
          </p>
          {status.progress === null ? null : (
            <Progress
              value={status.progress}
              aria-label={`Analysing ${video.title}`}
              className="h-1"
            />
          )}
        </div>
      );
    case 'failed':
      return (
        <p className="flex items-start gap-1.5 text-xs font-medium text-destructive">
          <CircleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
          <span className="line-clamp-2">
            {status.stage === 'preparing' ? 'Failed to prepare' : 'Analysis failed'}
            {status.reason ? `: ${status.reason}` : ''}
          </span>
        </p>
      );
    case 'ready':
      return (
        <p className="flex items-center gap-1.5 text-xs font-medium text-emerald-700 dark:text-emerald-400">
          <CircleCheckIcon className="size-3.5" aria-hidden />
          Ready
        </p>
      );
  }
}
