import type { Video } from '@filmroom/contract';
import { CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import { Progress } from '@/components/ui/progress';

type VideoPreparationFrameProps = {
  video: Pick<Video, 'title' | 'status' | 'progress' | 'failureReason' | 'posterUrl'>;
};

/**
 * The 16:9 frame while the video is being prepared for every browser (live over server-sent
 * events), or when preparation failed.
 */
export function VideoPreparationFrame({ video }: VideoPreparationFrameProps) {
  const failed = video.status === 'failed';
  // Screen readers hear every tenth percent, not every event.
  const announced = Math.floor(video.progress / 10) * 10;

  return (
    <div className="relative grid aspect-video w-full place-items-center overflow-hidden rounded-xl bg-gradient-to-br from-sidebar to-sidebar-accent text-white shadow-sm">
      {video.posterUrl ? (
        <img
          src={video.posterUrl}
          alt=""
          className="absolute inset-0 size-full object-contain opacity-40"
        />
      ) : null}
      <div className="relative grid w-full max-w-sm justify-items-center gap-3 px-6 text-center">
        {failed ? (
          <>
            <span className="grid size-12 place-items-center rounded-full bg-red-500/20 text-red-300">
              <CircleAlertIcon className="size-6" aria-hidden />
            </span>
            <div role="alert" className="grid gap-1">
              <p className="font-semibold">This video couldn&apos;t be prepared</p>
              <p className="text-sm text-white/80">
                {video.failureReason ?? 'The file could not be read as a video.'}
              </p>
              <p className="text-xs text-white/60">Try uploading it again, or in another format.</p>
            </div>
          </>
        ) : (
          <>
            <LoaderCircleIcon
              className="size-8 animate-spin text-signal motion-reduce:animate-none"
              aria-hidden
            />
            <p className="font-semibold">Preparing video for playback…</p>
            <div className="flex w-full items-center gap-3">
              <Progress
                value={video.progress}
                aria-label="Preparation progress"
                className="h-2 flex-1 bg-white/20"
                indicatorClassName="bg-signal"
              />
              <span className="w-10 text-right text-sm font-semibold tabular-nums">
                {video.progress}%
              </span>
            </div>
            <p className="text-xs text-white/70">
              You can leave this page; the video keeps preparing.
            </p>
            <p className="sr-only" aria-live="polite">
              Preparing, {announced} percent
            </p>
          </>
        )}
      </div>
    </div>
  );
}
