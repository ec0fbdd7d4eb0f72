import { TITLE_MAX_LENGTH, type Playlist } from '@filmroom/contract';
import { PencilIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useChangePlaylist } from '../api/change-playlist';

/** Rename the playlist (its owner only); a refusal shows as the app's error toast. */
export function RenamePlaylistDialog({ playlist }: { playlist: Playlist }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(playlist.title);
  const change = useChangePlaylist(playlist.id);
  const inputId = useId();
  const trimmed = title.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trimmed === '' || change.isPending) return;
    change.mutate({ kind: 'rename', title: trimmed }, { onSuccess: () => setOpen(false) });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setTitle(playlist.title);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <PencilIcon aria-hidden />
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Rename playlist</DialogTitle>
          <DialogDescription>Everyone it is shared with sees the new name.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} aria-label="Rename playlist" className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Name</Label>
            <Input
              id={inputId}
              value={title}
              maxLength={TITLE_MAX_LENGTH}
              onChange={(event) => setTitle(event.target.value)}
              autoComplete="off"
            />
          </div>
          <Button
            type="submit"
            disabled={trimmed === '' || change.isPending}
            className="w-full sm:w-auto sm:justify-self-end"
          >
            {change.isPending ? <Spinner /> : null}
            {change.isPending ? 'Saving…' : 'Save name'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
