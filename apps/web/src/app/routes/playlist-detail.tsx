import { useParams } from 'react-router';
import { DrawingOverlay } from '@/features/annotations/components/drawing-overlay';
import { PlaylistView } from '@/features/clips/components/playlist-view';
import { TeamSharesSection } from '@/features/teams/components/team-shares-section';
import { ExportVideoDialog } from '@/features/exports/components/export-video-dialog';

/**
 * A playlist's page; the annotations feature draws the notes' drawings over its player, and the
 * exports feature exports the playlist or the clip playing.
 */
export function PlaylistDetailRoute() {
  const { id = '' } = useParams();
  return (
    <PlaylistView
      key={id}
      id={id}
      drawingOverlay={(drawing, picture, key) => (
        <DrawingOverlay key={key} drawing={drawing} picture={picture} />
      )}
      teamSharing={(playlistId) => (
        <TeamSharesSection
          thing={{ kind: 'playlist', id: playlistId }}
          className="rounded-xl border bg-card p-4"
        />
      )}
      playlistActions={(playlist) => (
        <ExportVideoDialog target={{ kind: 'playlist', playlistId: playlist.id }} />
      )}
      clipActions={(item) => (
        <ExportVideoDialog
          key={item.clip.id}
          size="sm"
          target={{ kind: 'clip', clipId: item.clip.id }}
        />
      )}
    />
  );
}
