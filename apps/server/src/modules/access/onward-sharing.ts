import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { clips, playlistItems, type UserRow } from '../../db/schema';
import { forbidden } from '../../lib/http-errors';
import { canEdit, findVideoAccess } from './video-access';

/**
 * View level means view. Anyone who may view a video may clip it for themselves, but a shared
 * playlist passes its clips' picture on to others, as sharing the video would: so a playlist
 * holding clips of someone else's video is shared (with an address or a team) only by whoever
 * may edit that video, as only an editor may share the video itself. Checked when a playlist
 * is shared (playlist.share) and when a clip is added to a playlist already shared (clip.share).
 */
export async function requireEditOfVideos(db: Database, user: UserRow, videoIds: Iterable<string>) {
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

/** The videos a playlist's clips come from. */
export async function videosOfPlaylist(db: Database, playlistId: string): Promise<string[]> {
  const held = await db
    .selectDistinct({ videoId: clips.videoId })
    .from(playlistItems)
    .innerJoin(clips, eq(clips.id, playlistItems.clipId))
    .where(eq(playlistItems.playlistId, playlistId));
  return held.map((row) => row.videoId);
}
