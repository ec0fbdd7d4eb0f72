import { PageHeader } from '@/components/layout/page-header';
import { ClipList } from '@/features/clips/components/clip-list';
import { NewPlaylistDialog, PlaylistList } from '@/features/clips/components/playlist-list';
import { ExportList } from '@/features/exports/components/export-list';

/** The Playlists page: clips from one or many videos, in the order they play. */
export function PlaylistsRoute() {
  return (
    <>
      <PageHeader
        title="Playlists"
        description="Clips from your videos, played one after another with their notes. Share a playlist to show someone just those moments."
        actions={<NewPlaylistDialog />}
      />
      <div className="grid gap-8">
        <PlaylistList />
        <ClipList />
        <ExportList />
      </div>
    </>
  );
}
