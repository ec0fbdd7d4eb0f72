import { CircleAlertIcon } from 'lucide-react';
import { playbackErrorText, RETRIES_EXHAUSTED_TEXT, retryingText } from '../../lib/playback-retry';
import type { PlaybackError } from '../../lib/playback-retry';

type ViewerErrorProps = { error: PlaybackError; attempt: number; exhausted: boolean };

/** Spec §8: the box under the frame when the video fails to load. */
export function ViewerError({ error, attempt, exhausted }: ViewerErrorProps) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm sm:p-4"
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold break-words text-destructive">{playbackErrorText(error)}</p>
        <p className="text-muted-foreground">
          {exhausted ? RETRIES_EXHAUSTED_TEXT : retryingText(attempt)}
        </p>
      </div>
    </div>
  );
}
