import { XIcon } from 'lucide-react';
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
  onCancel: () => void;
};

/** Percent, bytes sent of the total, speed and time left, with Cancel (aborts the request). */
export function UploadProgressPanel({ fileName, progress, onCancel }: UploadProgressPanelProps) {
  const percent = uploadPercent(progress);
  const remaining = secondsLeft(progress);
  const sent = progress.loaded >= progress.total && progress.total > 0;
  // Screen readers hear every tenth percent, not every progress event.
  const announced = Math.floor(percent / 10) * 10;

  return (
    <div className="grid gap-3 rounded-xl border bg-secondary/60 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <p className="text-sm font-semibold">{sent ? 'Finishing upload…' : 'Uploading video'}</p>
          <p className="truncate text-xs text-muted-foreground">{fileName}</p>
        </div>
        <span className="font-display text-2xl font-bold tabular-nums" aria-hidden>
          {percent}%
        </span>
      </div>
      <Progress value={percent} aria-label="Upload progress" className="h-2.5" />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-xs text-muted-foreground tabular-nums" data-testid="upload-bytes">
          {formatBytes(progress.loaded)} of {formatBytes(progress.total)}
          {progress.bytesPerSecond !== null && !sent
            ? ` · ${formatSpeed(progress.bytesPerSecond)}`
            : ''}
          {remaining !== null && !sent ? ` · ${formatTimeLeft(remaining)}` : ''}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          <XIcon aria-hidden />
          Cancel
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {sent ? 'Upload sent, finishing' : `Uploaded ${announced} percent`}
      </p>
    </div>
  );
}
