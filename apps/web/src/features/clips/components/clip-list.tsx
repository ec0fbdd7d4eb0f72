import type { Clip } from '@filmroom/contract';
import { ListPlusIcon, PlayIcon, ScissorsIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Loaded } from '@/components/layout/loaded';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toastSuccess } from '@/components/ui/use-toast';
import { formatDuration, formatTimelineLabel } from '@/lib/format-time';
import { formatRelativeTime } from '@/lib/relative-time';
import { useChangePlaylist } from '../api/change-playlist';
import { useDeleteClip, useRenameClip } from '../api/change-clip';
import { useMyClips } from '../api/get-clips';
import { usePlaylists } from '../api/get-playlists';
import { RenameDialog } from './rename-dialog';

const clipRange = (clip: Clip) =>
  `${formatTimelineLabel(clip.start)}–${formatTimelineLabel(clip.end)} (${formatDuration(clip.end - clip.start)})`;

/** The Playlists page's "Your clips": every clip the user made, to play, file, rename or delete. */
export function ClipList() {
  const headingId = useId();
  const clips = useMyClips();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Your clips
      </h2>
      <Loaded
        query={clips}
        what="Clips"
        loading={[0, 1].map((row) => (
          <Skeleton key={row} className="h-16 rounded-xl" />
        ))}
      >
        {(mine) =>
          mine.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <ScissorsIcon aria-hidden className="mr-1 inline size-4 align-text-bottom" />
              No clips yet: on a video, use Make clip on a range note, a coaching point or a range
              marked with I and O.
            </p>
          ) : (
            <ul className="grid gap-2">
              {mine.map((clip) => (
                <ClipRow key={clip.id} clip={clip} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function ClipRow({ clip }: { clip: Clip }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card p-3">
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <span className="font-medium break-words">{clip.title}</span>
        <span className="text-sm text-muted-foreground">
          {clip.videoId ? (
            <Link to={`/videos/${clip.videoId}`} className="underline-offset-4 hover:underline">
              {clip.videoTitle}
            </Link>
          ) : null}
          {' · '}
          {clipRange(clip)}
        </span>
        <span className="text-xs text-muted-foreground">
          Made {formatRelativeTime(clip.createdAt)}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <PlayClipDialog clip={clip} />
        <AddToPlaylistDialog clip={clip} />
        <RenameClipDialog clip={clip} />
        <DeleteClipButton clip={clip} />
      </div>
    </li>
  );
}

/** Plays the clip's range alone (the server cuts it), as a playlist's viewer would see it. */
function PlayClipDialog({ clip }: { clip: Clip }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Play ${clip.title}`}>
          <PlayIcon aria-hidden />
          Play
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{clip.title}</DialogTitle>
          <DialogDescription>
            {clip.videoTitle ? `${clip.videoTitle} · ` : ''}
            {clipRange(clip)}
          </DialogDescription>
        </DialogHeader>
        <video
          src={clip.mediaUrl}
          controls
          autoPlay
          playsInline
          aria-label={`Clip ${clip.title}`}
          className="aspect-video w-full rounded-lg bg-black"
        />
        {clip.videoId ? (
          <Button asChild variant="link" className="justify-self-start px-0">
            <Link to={`/videos/${clip.videoId}`}>Open the whole video</Link>
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AddToPlaylistDialog({ clip }: { clip: Clip }) {
  const [open, setOpen] = useState(false);
  const [playlistId, setPlaylistId] = useState('');
  const playlists = usePlaylists({ enabled: open });
  const own = playlists.data?.filter((playlist) => playlist.mine) ?? [];
  const add = useChangePlaylist(playlistId);
  const selectId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (playlistId === '' || add.isPending) return;
    add.mutate(
      { kind: 'add', clipId: clip.id },
      {
        onSuccess: (playlist) => {
          toastSuccess(`Clip added to ${playlist.title}`);
          setOpen(false);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setPlaylistId('');
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Add ${clip.title} to a playlist`}>
          <ListPlusIcon aria-hidden />
          Add to playlist
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Add to playlist</DialogTitle>
          <DialogDescription>“{clip.title}” plays at the end of the playlist.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} aria-label="Add to playlist" className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={selectId}>Playlist</Label>
            <NativeSelect
              id={selectId}
              value={playlistId}
              onChange={(event) => setPlaylistId(event.target.value)}
              disabled={playlists.isPending}
              required
            >
              <option value="">
                {playlists.isPending
                  ? 'Loading playlists…'
                  : own.length === 0
                    ? 'No playlists yet: make one with New playlist'
                    : 'Choose a playlist'}
              </option>
              {own.map((playlist) => (
                <option key={playlist.id} value={playlist.id}>
                  {playlist.title}
                </option>
              ))}
            </NativeSelect>
            {playlists.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Your playlists couldn't load: {playlists.error.message}
              </p>
            ) : null}
          </div>
          <Button
            type="submit"
            className="justify-self-end"
            disabled={playlistId === '' || add.isPending}
          >
            {add.isPending ? <Spinner /> : <ListPlusIcon aria-hidden />}
            {add.isPending ? 'Adding…' : 'Add clip'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RenameClipDialog({ clip }: { clip: Clip }) {
  const rename = useRenameClip(clip.id);
  return (
    <RenameDialog
      title="Rename clip"
      description="The new name shows in every playlist it is in."
      name={clip.title}
      triggerLabel={`Rename ${clip.title}`}
      triggerSize="sm"
      pending={rename.isPending}
      onRename={(title, done) => rename.mutate(title, { onSuccess: done })}
    />
  );
}

function DeleteClipButton({ clip }: { clip: Clip }) {
  const [open, setOpen] = useState(false);
  const removal = useDeleteClip(clip.id);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Delete ${clip.title}`}>
          <Trash2Icon aria-hidden />
          Delete
        </Button>
      }
      title="Delete clip?"
      description={`"${clip.title}" leaves every playlist it is in. Its video and notes stay.`}
      icon={<Trash2Icon aria-hidden />}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={removal.isPending}
      onConfirm={() =>
        removal.mutate(undefined, {
          onSuccess: () => {
            setOpen(false);
            toastSuccess('Clip deleted');
          },
        })
      }
    />
  );
}
