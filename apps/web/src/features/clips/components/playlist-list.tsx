import type { PlaylistSummary } from '@filmroom/contract';
import { ListVideoIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
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
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDuration } from '@/lib/format-time';
import { useCreatePlaylist } from '../api/create-playlist';
import { usePlaylists } from '../api/get-playlists';

const clipCount = (count: number) => `${count} ${count === 1 ? 'clip' : 'clips'}`;

/** The Playlists page's body: the user's playlists, then those shared with them. */
export function PlaylistList() {
  const playlists = usePlaylists();
  if (playlists.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading playlists"
        className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
      >
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  if (playlists.isError) {
    return (
      <ErrorState
        title="Playlists couldn't load"
        message={playlists.error.message}
        onRetry={() => void playlists.refetch()}
        retrying={playlists.isFetching}
      />
    );
  }
  if (playlists.data.length === 0) {
    return (
      <EmptyState
        icon={ListVideoIcon}
        title="No playlists yet"
        description="Make a clip from a range note, a coaching point or a range marked with I and O on a video, and add it to a new playlist. Playlists shared with you show here too."
      >
        <Button asChild variant="outline">
          <Link to="/videos">Go to videos</Link>
        </Button>
      </EmptyState>
    );
  }
  const own = playlists.data.filter((playlist) => playlist.mine);
  const shared = playlists.data.filter((playlist) => !playlist.mine);
  return (
    <div className="grid gap-8">
      <PlaylistSection
        title="Your playlists"
        playlists={own}
        empty="You have no playlists of your own yet."
      />
      {shared.length > 0 ? <PlaylistSection title="Shared with you" playlists={shared} /> : null}
    </div>
  );
}

function PlaylistSection({
  title,
  playlists,
  empty,
}: {
  title: string;
  playlists: PlaylistSummary[];
  empty?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {playlists.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {playlists.map((playlist) => (
            <li key={playlist.id}>
              <Link
                to={`/playlists/${playlist.id}`}
                className="grid gap-1 rounded-xl border bg-card p-4 transition-colors outline-none hover:border-primary/50 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="font-medium break-words">{playlist.title}</span>
                <span className="text-sm text-muted-foreground">
                  {clipCount(playlist.clipCount)} · {formatDuration(playlist.totalSeconds)}
                </span>
                {playlist.mine ? null : (
                  <span className="text-xs text-muted-foreground">From {playlist.ownerName}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "New playlist": a name, then the new (empty) playlist's page. */
export function NewPlaylistDialog() {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const create = useCreatePlaylist();
  const navigate = useNavigate();
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || title.trim() === '') return;
    create.mutate(
      { title: title.trim() },
      {
        onSuccess: (playlist) => {
          setOpen(false);
          setTitle('');
          void navigate(`/playlists/${playlist.id}`);
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden />
          New playlist
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>New playlist</DialogTitle>
          <DialogDescription>Name it; add clips from your videos with Make clip.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Name</Label>
            <Input
              id={inputId}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              maxLength={200}
              required
            />
          </div>
          <Button
            type="submit"
            className="justify-self-end"
            disabled={create.isPending || title.trim() === ''}
          >
            {create.isPending ? <Spinner /> : <PlusIcon aria-hidden />}
            {create.isPending ? 'Creating…' : 'Create playlist'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
