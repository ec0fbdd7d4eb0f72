import { ListVideoIcon, ScissorsIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toastSuccess } from '@/components/ui/use-toast';
import { formatPointTimestamp } from '@/lib/format-time';
import { useChangePlaylist } from '../api/change-playlist';
import { useCreateClip } from '../api/create-clip';
import { useCreatePlaylist } from '../api/create-playlist';
import { usePlaylists } from '../api/get-playlists';
import type { ClipDraft } from '../lib/clip-range';

const NO_PLAYLIST = '';
const NEW_PLAYLIST = 'new';

type MakeClipDialogProps = {
  videoId: string;
  /** The clip to make, from a range note, a coaching point or the marked range; null: closed. */
  draft: ClipDraft | null;
  onClose: () => void;
};

/**
 * "Make clip": the range (editable, in seconds) and a title, and optionally the playlist it
 * goes into (one of the user's, or a new one named here).
 */
export function MakeClipDialog({ videoId, draft, onClose }: MakeClipDialogProps) {
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Make clip</DialogTitle>
          <DialogDescription>
            A clip keeps this part of the video with the notes and drawings inside it. Add it to a
            playlist to play it with others.
          </DialogDescription>
        </DialogHeader>
        {draft ? (
          <MakeClipForm
            key={`${draft.start}-${draft.end}-${draft.title}`}
            videoId={videoId}
            draft={draft}
            onDone={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function MakeClipForm({
  videoId,
  draft,
  onDone,
}: {
  videoId: string;
  draft: ClipDraft;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(draft.title);
  const [start, setStart] = useState(String(draft.start));
  const [end, setEnd] = useState(String(draft.end));
  const [playlistId, setPlaylistId] = useState(NO_PLAYLIST);
  const [playlistTitle, setPlaylistTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const playlists = usePlaylists();
  const own = playlists.data?.filter((playlist) => playlist.mine) ?? [];
  const createClip = useCreateClip();
  const createPlaylist = useCreatePlaylist();
  const addToPlaylist = useChangePlaylist(playlistId === NEW_PLAYLIST ? '' : playlistId);
  const busy = createClip.isPending || createPlaylist.isPending || addToPlaylist.isPending;
  const ids = {
    title: useId(),
    start: useId(),
    end: useId(),
    playlist: useId(),
    newTitle: useId(),
    error: useId(),
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    try {
      const clip = await createClip.mutateAsync({
        videoId,
        title: title.trim(),
        start: Number(start),
        end: Number(end),
      });
      if (playlistId === NEW_PLAYLIST) {
        const playlist = await createPlaylist.mutateAsync({
          title: playlistTitle.trim() || title.trim(),
          clipIds: [clip.id],
        });
        toastSuccess(`Clip added to ${playlist.title}`);
      } else if (playlistId !== NO_PLAYLIST) {
        const playlist = await addToPlaylist.mutateAsync({ kind: 'add', clipId: clip.id });
        toastSuccess(`Clip added to ${playlist.title}`);
      } else {
        toastSuccess('Clip made');
      }
      onDone();
    } catch (failure) {
      // Shown in the form, where the field to fix is.
      setError(
        failure instanceof Error ? failure.message.replace(/^\d+: /, '') : 'Something went wrong',
      );
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-describedby={error ? ids.error : undefined}
      className="grid gap-4"
    >
      <div className="grid gap-2">
        <Label htmlFor={ids.title}>Title</Label>
        <Input
          id={ids.title}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          maxLength={200}
        />
      </div>
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-2 text-sm font-medium">Range (seconds)</legend>
        <div className="grid gap-2">
          <Label htmlFor={ids.start}>Start</Label>
          <Input
            id={ids.start}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={start}
            onChange={(event) => setStart(event.target.value)}
            required
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.end}>End</Label>
          <Input
            id={ids.end}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            required
          />
        </div>
        <p className="col-span-2 text-xs text-muted-foreground" aria-live="polite">
          {Number(end) > Number(start)
            ? `${formatPointTimestamp(Number(start))} – ${formatPointTimestamp(Number(end))}`
            : 'The end must be after the start'}
        </p>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={ids.playlist}>Add to playlist</Label>
        <NativeSelect
          id={ids.playlist}
          value={playlistId}
          onChange={(event) => setPlaylistId(event.target.value)}
          disabled={playlists.isPending}
        >
          <option value={NO_PLAYLIST}>
            {playlists.isPending ? 'Loading playlists…' : 'No playlist'}
          </option>
          {own.map((playlist) => (
            <option key={playlist.id} value={playlist.id}>
              {playlist.title}
            </option>
          ))}
          <option value={NEW_PLAYLIST}>New playlist…</option>
        </NativeSelect>
        {playlists.isError ? (
          <p className="text-xs text-muted-foreground">
            Your playlists couldn't load; you can still make a new one.
          </p>
        ) : null}
      </div>
      {playlistId === NEW_PLAYLIST ? (
        <div className="grid gap-2">
          <Label htmlFor={ids.newTitle}>New playlist name</Label>
          <Input
            id={ids.newTitle}
            value={playlistTitle}
            onChange={(event) => setPlaylistTitle(event.target.value)}
            placeholder="e.g. Week 3 review"
            required
            maxLength={200}
          />
        </div>
      ) : null}
      {error ? (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild variant="link" className="px-0">
          <Link to="/playlists">
            <ListVideoIcon aria-hidden />
            See playlists
          </Link>
        </Button>
        <Button type="submit" disabled={busy || title.trim() === ''}>
          {busy ? <Spinner /> : <ScissorsIcon aria-hidden />}
          {busy ? 'Making clip…' : 'Make clip'}
        </Button>
      </div>
    </form>
  );
}
