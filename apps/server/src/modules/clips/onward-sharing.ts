import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  clips,
  playlistItems,
  playlistShares,
  teamPlaylistShares,
  type UserRow,
} from '../../db/schema';
import { forbidden } from '../../lib/http-errors';
import { canEdit, findVideoAccess } from '../access';

/**
 * View level means view. Anyone who may view a video may clip it for themselves, but a shared
 * playlist passes its clips' picture on to others, as sharing the video would: so a playlist
 * holding clips of someone else's video is shared (with an address or a team) only by whoever
 * may edit that video, as only an editor may share the video itself. Checked when a playlist
 * is shared and when a clip is added to a playlist already shared.
 */
async function requireEditOfVideos(db: Database, user: UserRow, videoIds: Iterable<string>) {
  for (const videoId of new Set(videoIds)) {
    const access = await findVideoAccess(db, user, videoId);
    // A video they no longer see has its clips left out of the playlist for everyone.
    if (access && !canEdit(access)) {
      throw forbidden(
        `“${access.video.title}” is shared with you to view only: a playlist holding clips of it ` +
          'can be shared only by someone who may edit that video (its owner can give you edit ' +
          'access). Take those clips out of the playlist to share it.',
      );
    }
  }
}

/** Refuses (403) sharing the playlist if it holds clips of a video the user may only view. */
export async function requirePlaylistSharable(
  db: Database,
  user: UserRow,
  playlistId: string,
): Promise<void> {
  const held = await db
    .selectDistinct({ videoId: clips.videoId })
    .from(playlistItems)
    .innerJoin(clips, eq(clips.id, playlistItems.clipId))
    .where(eq(playlistItems.playlistId, playlistId));
  await requireEditOfVideos(
    db,
    user,
    held.map((row) => row.videoId),
  );
}

/** Refuses (403) adding the clip to a playlist already shared if the user may only view its video. */
export async function requireClipAddable(
  db: Database,
  user: UserRow,
  playlistId: string,
  clipId: string,
): Promise<void> {
  const [byAddress] = await db
    .select({ id: playlistShares.id })
    .from(playlistShares)
    .where(eq(playlistShares.playlistId, playlistId))
    .limit(1);
  const [byTeam] = await db
    .select({ id: teamPlaylistShares.id })
    .from(teamPlaylistShares)
    .where(eq(teamPlaylistShares.playlistId, playlistId))
    .limit(1);
  if (!byAddress && !byTeam) return;
  const [clip] = await db
    .select({ videoId: clips.videoId })
    .from(clips)
    .where(eq(clips.id, clipId));
  if (clip) await requireEditOfVideos(db, user, [clip.videoId]);
}
