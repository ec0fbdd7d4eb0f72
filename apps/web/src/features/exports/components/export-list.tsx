import type { VideoExport } from '@filmroom/contract';
import { CircleAlertIcon, DownloadIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Loaded } from '@/components/layout/loaded';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toastSuccess } from '@/components/ui/use-toast';
import { formatTimelineLabel } from '@/lib/format-time';
import { useDeleteExport } from '../api/delete-export';
import { useMyExports } from '../api/get-exports';
import { OVERLAY_CHOICES } from '../lib/export-choices';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const KIND_LABEL: Record<VideoExport['source']['kind'], string> = {
  video: 'Video',
  clip: 'Clip',
  playlist: 'Playlist',
};

function sourceLink(made: VideoExport): string | null {
  if (made.source.kind === 'playlist') return `/playlists/${made.source.playlistId}`;
  return made.videoId ? `/videos/${made.videoId}` : null;
}

function overlayNames(made: VideoExport): string {
  const names = OVERLAY_CHOICES.filter((choice) => made.overlays.includes(choice.value)).map(
    (choice) => choice.label,
  );
  return names.length > 0 ? names.join(', ') : 'No overlays';
}

/** "Your exports": the MP4s the user asked for, while they are made and until they expire. */
export function ExportList() {
  const headingId = useId();
  const exports = useMyExports();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Your exports
      </h2>
      <Loaded query={exports} what="Exports" loading={<Skeleton className="h-20 rounded-xl" />}>
        {({ exports: mine }) =>
          mine.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No exports yet: use Export video on a video, a clip or a playlist. Finished files stay
              here until their link expires.
            </p>
          ) : (
            <ul className="grid gap-2">
              {mine.map((made) => (
                <ExportRow key={made.id} made={made} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function ExportRow({ made }: { made: VideoExport }) {
  const labelId = useId();
  const link = sourceLink(made);
  const title = link ? (
    <Link to={link} className="underline-offset-4 hover:underline">
      {made.title}
    </Link>
  ) : (
    made.title
  );
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card p-3">
      <div className="grid min-w-0 flex-1 basis-64 gap-1">
        <span className="font-medium break-words">
          {KIND_LABEL[made.source.kind]}: {title}
        </span>
        <span className="text-sm text-muted-foreground">
          {made.source.kind === 'playlist'
            ? formatTimelineLabel(made.end)
            : `${formatTimelineLabel(made.start)}–${formatTimelineLabel(made.end)}`}
          {' · '}
          {overlayNames(made)}
        </span>
        {made.status === 'ready' ? (
          <span className="text-xs text-muted-foreground">
            {made.fileSize !== null ? `${megabytes(made.fileSize)} · ` : ''}
            Link works until {new Date(made.expiresAt).toLocaleDateString()}
          </span>
        ) : made.status === 'failed' ? (
          <span className="flex gap-1.5 text-sm text-destructive">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {made.failureReason ?? 'The export could not be made.'}
          </span>
        ) : (
          <div className="grid max-w-sm gap-1">
            <span id={labelId} className="text-xs text-muted-foreground">
              {made.status === 'queued' ? 'Waiting to start…' : `Rendering… ${made.progress}%`}
            </span>
            <Progress
              aria-labelledby={labelId}
              value={made.status === 'queued' ? null : made.progress}
              max={100}
            />
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {made.status === 'ready' && made.downloadUrl ? (
          <Button asChild size="sm">
            <a href={made.downloadUrl} download aria-label={`Download ${made.title}`}>
              <DownloadIcon aria-hidden />
              Download
            </a>
          </Button>
        ) : null}
        <DeleteExportButton made={made} />
      </div>
    </li>
  );
}

function DeleteExportButton({ made }: { made: VideoExport }) {
  const [open, setOpen] = useState(false);
  const removal = useDeleteExport(made.id);
  const running = made.status === 'queued' || made.status === 'rendering';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Delete the export of ${made.title}`}>
          <Trash2Icon aria-hidden />
          {running ? 'Stop' : 'Delete'}
        </Button>
      }
      title={running ? 'Stop export?' : 'Delete export?'}
      description={
        running
          ? `The export of "${made.title}" stops and nothing is kept.`
          : `The file of "${made.title}" goes, and its download link stops working. The source stays.`
      }
      icon={<Trash2Icon aria-hidden />}
      confirmLabel={running ? 'Stop' : 'Delete'}
      pendingLabel={running ? 'Stopping…' : 'Deleting…'}
      pending={removal.isPending}
      onConfirm={() =>
        removal.mutate(undefined, {
          onSuccess: () => {
            setOpen(false);
            toastSuccess('Export removed');
          },
        })
      }
    />
  );
}
