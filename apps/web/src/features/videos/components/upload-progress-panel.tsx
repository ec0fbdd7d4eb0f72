import { RotateCwIcon, WifiOffIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import type { UploadProgress } from '../lib/upload-progress';
import {
  formatBytes,
  formatSpeed,
  formatTimeLeft,
  secondsLeft,
  uploadPercent,
} from '../lib/upload-progress';

type UploadProgressPanelProps = {
  fileName: string;
  progress: UploadProgress;
  /** Bytes the server already had when this upload went on from there; null: from the start. */
  resumedFrom: number | null;
  /** The connection dropped: waiting to try again. */
  reconnecting: boolean;
  onCancel: () => void;
};

/**
 * Percent, bytes sent of the total, speed and time left, with Cancel (stops the upload and
 * removes what was sent). Says where a resumed upload went on from, and when it reconnects.
 */
export function UploadProgressPanel({
  fileName,
  progress,
  resumedFrom,
  reconnecting,
  onCancel,
}: UploadProgressPanelProps) {
  const percent = uploadPercent(progress);
  const resumedPercent =
    resumedFrom === null ? null : uploadPercent({ loaded: resumedFrom, total: progress.total });
  const remaining = secondsLeft(progress);
  const sent = progress.loaded >= progress.total && progress.total > 0;
  // Screen readers hear every tenth percent, not every progress event.
  const announced = Math.floor(percent / 10) * 10;

  return (
    <div className="grid gap-3 rounded-xl border bg-secondary/60 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <p className="text-sm font-semibold">
            {reconnecting
              ? 'Connection lost, reconnecting…'
              : sent
                ? 'Finishing upload…'
                : 'Uploading video'}
          </p>
          <p className="truncate text-xs text-muted-foreground">{fileName}</p>
        </div>
        <span className="font-display text-2xl font-bold tabular-nums" aria-hidden>
          {percent}%
        </span>
      </div>
      {reconnecting ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <WifiOffIcon className="size-3.5 shrink-0" aria-hidden />
          Nothing is lost: the upload goes on from the last byte the server has.
        </p>
      ) : resumedPercent !== null ? (
        <p
          className="flex items-center gap-2 text-xs text-muted-foreground"
          data-testid="upload-resumed"
        >
          <RotateCwIcon className="size-3.5 shrink-0" aria-hidden />
          Resuming from {resumedPercent}%: the server kept what was already sent.
        </p>
      ) : null}
      <Progress value={percent} aria-label="Upload progress" className="h-2.5" />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-xs text-muted-foreground tabular-nums" data-testid="upload-bytes">
          {formatBytes(progress.loaded)} of {formatBytes(progress.total)}
          {progress.bytesPerSecond !== null && !sent && !reconnecting
            ? ` · ${formatSpeed(progress.bytesPerSecond)}`
            : ''}
          {remaining !== null && !sent && !reconnecting ? ` · ${formatTimeLeft(remaining)}` : ''}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          <XIcon aria-hidden />
          Cancel
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {reconnecting
          ? 'Connection lost, reconnecting'
          : sent
            ? 'Upload sent, finishing'
            : resumedPercent !== null && announced <= resumedPercent
              ? `Resuming from ${resumedPercent} percent`
              : `Uploaded ${announced} percent`}
      </p>
    </div>
  );
}
