import type { Playlist } from '@filmroom/contract';
import { useChangePlaylist } from '../api/change-playlist';
import { RenameDialog } from './rename-dialog';

/** Rename the playlist (its owner only). */
export function RenamePlaylistDialog({ playlist }: { playlist: Playlist }) {
  const change = useChangePlaylist(playlist.id);
  return (
    <RenameDialog
      title="Rename playlist"
      description="Everyone it is shared with sees the new name."
      name={playlist.title}
      pending={change.isPending}
      onRename={(title, done) => change.mutate({ kind: 'rename', title }, { onSuccess: done })}
    />
  );
}
