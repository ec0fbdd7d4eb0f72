import type { Drawing, Playlist, PlaylistItem } from '@filmroom/contract';
import {
  ArrowLeftIcon,
  FileQuestionIcon,
  ListVideoIcon,
  Trash2Icon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { PageHeader } from '@/components/layout/page-header';
import { PageLoading } from '@/components/layout/page-loading';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDuration } from '@/lib/format-time';
import { useDeletePlaylist } from '../api/delete-playlist';
import { isPlaylistNotFound, usePlaylist } from '../api/get-playlist';
import { PlaylistPlayer, type PictureRect } from './playlist-player';
import { PlaylistQueue } from './playlist-queue';
import { RenamePlaylistDialog } from './rename-playlist-dialog';
import { SharePlaylistForm } from './share-playlist-form';

function BackToPlaylists() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 w-fit">
      <Link to="/playlists">
        <ArrowLeftIcon aria-hidden />
        Back to Playlists
      </Link>
    </Button>
  );
}

type PlaylistViewProps = {
  id: string;
  drawingOverlay: (drawing: Drawing, picture: PictureRect, key: string) => ReactNode;
  /** Sharing with a team, below sharing by e-mail (the teams feature's, composed by the page). */
  teamSharing?: (playlistId: string) => ReactNode;
  /** Actions on the whole playlist, beside its title (the page brings Export video). */
  playlistActions?: (playlist: Playlist) => ReactNode;
  /** Actions on the clip playing (the page brings Export clip). */
  clipActions?: (item: PlaylistItem) => ReactNode;
};

/** A playlist's page: the player, the clips in order, and (for its owner) sharing. */
export function PlaylistView({
  id,
  drawingOverlay,
  teamSharing,
  playlistActions,
  clipActions,
}: PlaylistViewProps) {
  const playlist = usePlaylist(id);
  const [playing, setPlaying] = useState(0);

  if (playlist.isPending) {
    return (
      <PageLoading>
        <BackToPlaylists />
      </PageLoading>
    );
  }
  if (playlist.isError) {
    return (
      <div className="grid gap-6">
        <BackToPlaylists />
        {isPlaylistNotFound(playlist.error) ? (
          <EmptyState
            titleAs="h1"
            icon={FileQuestionIcon}
            title="Playlist not found"
            description="It may have been deleted, or it was never shared with you."
          />
        ) : (
          <ErrorState
            title="This playlist couldn't load"
            message={playlist.error.message}
            onRetry={() => void playlist.refetch()}
            retrying={playlist.isFetching}
          />
        )}
      </div>
    );
  }
  const data = playlist.data;
  const index = Math.min(playing, Math.max(0, data.items.length - 1));
  return (
    <div data-wide-page className="grid gap-6">
      <BackToPlaylists />
      <PageHeader
        title={data.title}
        description={
          data.mine
            ? `${data.clipCount} ${data.clipCount === 1 ? 'clip' : 'clips'} · ${formatDuration(data.totalSeconds)}`
            : `Shared by ${data.ownerName} · ${data.clipCount} ${data.clipCount === 1 ? 'clip' : 'clips'}`
        }
        actions={
          // The owner's three actions share one even row on a phone.
          <div
            className={
              data.mine && data.items.length > 0
                ? 'grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto [&_button]:max-sm:px-2'
                : 'flex flex-wrap gap-2'
            }
          >
            {data.items.length > 0 ? playlistActions?.(data) : null}
            {data.mine ? <RenamePlaylistDialog playlist={data} /> : null}
            {data.mine ? <DeletePlaylistButton playlist={data} /> : null}
          </div>
        }
      />
      {data.removedClips > 0 ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2.5 text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          {data.removedClips === 1
            ? 'A clip was removed because its video was deleted.'
            : `${data.removedClips} clips were removed because their videos were deleted.`}
        </p>
      ) : null}
      {data.items.length === 0 ? (
        <EmptyState
          icon={ListVideoIcon}
          title="No clips in this playlist"
          description={
            data.mine
              ? 'Open a video and use Make clip on a range note, a coaching point or a range marked with I and O, then pick this playlist.'
              : 'Its owner has not added any clips yet.'
          }
        >
          {data.mine ? (
            <Button asChild variant="outline">
              <Link to="/videos">Go to videos</Link>
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <PlaylistPlayer
            items={data.items}
            index={index}
            onIndexChange={setPlaying}
            drawingOverlay={drawingOverlay}
            clipActions={clipActions}
          />
          <div className="grid gap-6">
            <PlaylistQueue
              playlistId={data.id}
              items={data.items}
              playing={index}
              onPlay={setPlaying}
              editable={data.mine}
            />
            {data.mine ? <SharePlaylistForm playlistId={data.id} shares={data.shares} /> : null}
            {data.mine ? teamSharing?.(data.id) : null}
          </div>
        </div>
      )}
      {data.mine && data.items.length === 0 ? (
        <SharePlaylistForm playlistId={data.id} shares={data.shares} />
      ) : null}
      {data.mine && data.items.length === 0 ? teamSharing?.(data.id) : null}
    </div>
  );
}

function DeletePlaylistButton({ playlist }: { playlist: Playlist }) {
  const [open, setOpen] = useState(false);
  const removal = useDeletePlaylist(playlist.id);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" aria-label="Delete playlist">
          <Trash2Icon aria-hidden />
          <span>
            Delete<span className="max-sm:hidden"> playlist</span>
          </span>
        </Button>
      }
      title="Delete playlist?"
      description={`"${playlist.title}" goes for everyone it is shared with. Its clips stay.`}
      icon={<Trash2Icon aria-hidden />}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={removal.isPending}
      onConfirm={() =>
        removal.mutate(undefined, {
          onSuccess: () => {
            setOpen(false);
            void navigate('/playlists');
          },
        })
      }
    />
  );
}
