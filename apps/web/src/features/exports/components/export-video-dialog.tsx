import type { ExportOverlay, VideoExport } from '@filmroom/contract';
import { CircleAlertIcon, DownloadIcon, FilmIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useCreateExport } from '../api/create-export';
import { useExport } from '../api/get-export';
import {
  DEFAULT_OVERLAYS,
  exportSource,
  OVERLAY_CHOICES,
  rangeLabel,
  targetWording,
  toggleOverlay,
  type ExportTarget,
  type RangeChoice,
  type TimeRange,
} from '../lib/export-choices';

type ExportVideoDialogProps = {
  target: ExportTarget;
  /** A video still being prepared has nothing to export yet. */
  disabled?: boolean;
  /** The trigger's size: smaller beside a playlist's clip. */
  size?: 'sm' | 'default';
};

/**
 * Export video: choose the overlays (and, for a video, the range), start, follow the progress,
 * download the MP4. The export being made stays with the page, so closing the dialog does not
 * lose it.
 */
export function ExportVideoDialog({ target, disabled, size }: ExportVideoDialogProps) {
  const wording = targetWording[target.kind];
  const [open, setOpen] = useState(false);
  const [marked, setMarked] = useState<TimeRange | null>(null);
  const [exportId, setExportId] = useState<string | null>(null);
  const current = useExport(exportId);
  const running =
    current.data !== undefined &&
    (current.data.status === 'queued' || current.data.status === 'rendering');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next && target.kind === 'video') setMarked(target.markedRange());
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size={size}
          disabled={disabled}
          aria-label={running ? `Exporting ${current.data?.progress ?? 0}%` : undefined}
        >
          {running ? <Spinner /> : <FilmIcon aria-hidden />}
          {/* A phone's row of page actions has room for a word each. */}
          <span className="sm:hidden">
            {running ? `${current.data?.progress ?? 0}%` : wording.short}
          </span>
          <span className="max-sm:hidden">
            {running ? `Exporting ${current.data?.progress ?? 0}%` : wording.button}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{wording.title}</DialogTitle>
          <DialogDescription>{wording.description}</DialogDescription>
        </DialogHeader>
        {exportId && current.data ? (
          <ExportStatus
            made={current.data}
            onAgain={() => {
              setExportId(null);
            }}
          />
        ) : exportId && current.isError ? (
          <p role="alert" className="text-sm text-destructive">
            This export is no longer available.{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => setExportId(null)}>
              Start another
            </Button>
          </p>
        ) : (
          <ExportForm target={target} marked={marked} onStarted={setExportId} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ExportForm({
  target,
  marked,
  onStarted,
}: {
  target: ExportTarget;
  marked: TimeRange | null;
  onStarted: (id: string) => void;
}) {
  const [overlays, setOverlays] = useState<ExportOverlay[]>([...DEFAULT_OVERLAYS]);
  const [range, setRange] = useState<RangeChoice>(marked ? 'marked' : 'whole');
  const create = useCreateExport({ onSuccess: (created) => onStarted(created.id) });
  const ids = { overlays: useId(), range: useId(), error: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate({ source: exportSource(target, range, marked), overlays });
  }

  return (
    <form aria-label="Export video" onSubmit={submit} className="grid gap-5">
      <fieldset className="grid gap-2.5" aria-describedby={ids.overlays}>
        <legend className="mb-1 text-sm font-semibold">Show on the video</legend>
        <p id={ids.overlays} className="sr-only">
          Each checked overlay is drawn on the exported picture.
        </p>
        <div className="grid gap-2.5 sm:grid-cols-2">
          {OVERLAY_CHOICES.map((choice) => {
            const id = `${ids.overlays}-${choice.value}`;
            return (
              <div key={choice.value} className="flex items-start gap-2.5">
                <Checkbox
                  id={id}
                  name="overlays"
                  value={choice.value}
                  checked={overlays.includes(choice.value)}
                  onCheckedChange={(on) =>
                    setOverlays((chosen) => toggleOverlay(chosen, choice.value, on === true))
                  }
                  aria-describedby={`${id}-hint`}
                  className="mt-0.5"
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={id}>{choice.label}</Label>
                  <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                    {choice.hint}
                  </span>
                </div>
              </div>
            );
          })}
        </div>
      </fieldset>
      {target.kind === 'video' ? (
        <RangeChoices range={range} marked={marked} name={ids.range} onChange={setRange} />
      ) : null}
      {create.isError ? (
        <p id={ids.error} role="alert" className="flex gap-2 text-sm text-destructive">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {create.error.message}
        </p>
      ) : null}
      <Button
        type="submit"
        disabled={create.isPending}
        aria-describedby={create.isError ? ids.error : undefined}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        {create.isPending ? <Spinner /> : <FilmIcon aria-hidden />}
        {create.isPending ? 'Starting…' : 'Start export'}
      </Button>
    </form>
  );
}

function RangeChoices({
  range,
  marked,
  name,
  onChange,
}: {
  range: RangeChoice;
  marked: TimeRange | null;
  name: string;
  onChange: (choice: RangeChoice) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">Range</legend>
      <label className="flex items-center gap-2.5 text-sm">
        <input
          type="radio"
          name={name}
          value="whole"
          checked={range === 'whole'}
          onChange={() => onChange('whole')}
          className="size-4 accent-primary"
        />
        Whole video
      </label>
      <label
        className={`flex items-center gap-2.5 text-sm ${marked ? '' : 'text-muted-foreground'}`}
      >
        <input
          type="radio"
          name={name}
          value="marked"
          checked={range === 'marked'}
          disabled={!marked}
          onChange={() => onChange('marked')}
          className="size-4 accent-primary"
        />
        {marked
          ? `Marked range ${rangeLabel(marked)}`
          : 'Marked range (mark one with I and O on the player)'}
      </label>
    </fieldset>
  );
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ExportStatus({ made, onAgain }: { made: VideoExport; onAgain: () => void }) {
  const labelId = useId();
  if (made.status === 'failed') {
    return (
      <div className="grid gap-3">
        <p role="alert" className="flex gap-2 text-sm text-destructive">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {made.failureReason ?? 'The export could not be made.'}
        </p>
        <Button variant="outline" onClick={onAgain} className="justify-self-start">
          Try again
        </Button>
      </div>
    );
  }
  if (made.status === 'ready' && made.downloadUrl) {
    return (
      <div className="grid gap-3" data-testid="export-ready">
        <p role="status" className="text-sm">
          Your video is ready
          {made.fileSize !== null ? ` (${megabytes(made.fileSize)})` : ''}. The link works until{' '}
          {new Date(made.expiresAt).toLocaleDateString()}.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <a href={made.downloadUrl} download>
              <DownloadIcon aria-hidden />
              Download MP4
            </a>
          </Button>
          <Button variant="outline" onClick={onAgain}>
            Export again
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-2" data-testid="export-progress">
      <p id={labelId} className="text-sm">
        {made.status === 'queued' ? 'Waiting to start…' : 'Drawing the overlays on the video…'}
      </p>
      <Progress
        aria-labelledby={labelId}
        value={made.status === 'queued' ? null : made.progress}
        max={100}
      />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {made.progress}% · You can close this and keep watching; the button shows the progress.
      </p>
    </div>
  );
}
