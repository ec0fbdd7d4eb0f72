import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { playlists, users, type UserRow, type VideoExportRow } from '../../db/schema';
import { findClipAccess, findPlaylistAccess } from './clip-access';
import { canEdit, findVideoAccess } from './video-access';

/** What the asker may do with an existing export, if they may see it at all. */
export type SourceSight = {
  title: string;
  /** Whether they may remove it though it is not theirs (an editor of its video). */
  editsSource: boolean;
};

/** Whether whoever asked for the export may still view every video its file holds. */
async function exporterStillViews(db: Database, row: VideoExportRow): Promise<boolean> {
  const [exporter] = await db.select().from(users).where(eq(users.id, row.ownerId));
  if (!exporter) return false;
  for (const videoId of new Set(row.segments.map((segment) => segment.videoId))) {
    if (!(await findVideoAccess(db, exporter, videoId))) return false;
  }
  return true;
}

/**
 * Whether `user` may see an export now, judged by its source and never by its videos alone:
 * someone a playlist was shared with sees that playlist's exports, never a whole-video export
 * of one of its videos (which findVideoAccess refuses them).
 */
export async function sightOfSource(
  db: Database,
  user: UserRow,
  row: VideoExportRow,
): Promise<SourceSight | null> {
  if (row.sourceKind === 'video') {
    if (!row.videoId) return null;
    const access = await findVideoAccess(db, user, row.videoId);
    return access ? { title: access.video.title, editsSource: canEdit(access) } : null;
  }
  if (row.sourceKind === 'clip') {
    const access = row.clipId ? await findClipAccess(db, user, row.clipId) : null;
    return access ? { title: access.clip.title, editsSource: false } : null;
  }
  if (!row.playlistId || !(await findPlaylistAccess(db, user, row.playlistId))) return null;
  // A playlist export holds the picture of every video it was made from, rendered with its
  // exporter's access: once they may no longer view one of them (the video deleted, or its
  // share with them removed), nobody may download it any more — the playlist leaving out the
  // clip that went with that access does not take the clip out of the file.
  if (!(await exporterStillViews(db, row))) return null;
  const [playlist] = await db
    .select({ title: playlists.title })
    .from(playlists)
    .where(eq(playlists.id, row.playlistId));
  return playlist ? { title: playlist.title, editsSource: false } : null;
}
