import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  clips,
  playlistItems,
  playlistShares,
  playlists,
  users,
  type ClipRow,
  type PlaylistRow,
  type UserRow,
  type VideoRow,
} from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { findVideoAccess } from '../videos';

export type ClipAccess = {
  clip: ClipRow;
  video: VideoRow;
  mine: boolean;
  /** Whether the asker may view the whole video (else they get the range and nothing more). */
  seesVideo: boolean;
};

/** The playlist and whether it is the user's own, if they may see it; else "not found". */
export async function requirePlaylistAccess(
  db: Database,
  user: UserRow,
  playlistId: string,
): Promise<{ playlist: PlaylistRow; mine: boolean }> {
  const [playlist] = await db.select().from(playlists).where(eq(playlists.id, playlistId));
  if (!playlist) throw notFound('Playlist not found');
  if (playlist.ownerId === user.id) return { playlist, mine: true };
  if (user.emailConfirmedAt) {
    const [share] = await db
      .select({ id: playlistShares.id })
      .from(playlistShares)
      .where(
        and(
          eq(playlistShares.playlistId, playlistId),
          eq(playlistShares.sharedWithEmail, user.username),
        ),
      );
    if (share) return { playlist, mine: false };
  }
  throw notFound('Playlist not found');
}

/** The clip's video, if the clip's owner may still view it: a clip lives on its owner's access. */
export async function videoOfClip(db: Database, clip: ClipRow): Promise<VideoRow | null> {
  const [owner] = await db.select().from(users).where(eq(users.id, clip.ownerId));
  const access = owner ? await findVideoAccess(db, owner, clip.videoId) : null;
  return access?.video ?? null;
}

/**
 * The one place that decides who may play a clip: its owner, while they may view its video,
 * and whoever a playlist holding it is shared with. Anyone else meets "not found".
 */
export async function requireClipAccess(
  db: Database,
  user: UserRow,
  clipId: string,
): Promise<ClipAccess> {
  const [clip] = await db.select().from(clips).where(eq(clips.id, clipId));
  const video = clip ? await videoOfClip(db, clip) : null;
  if (!clip || !video) throw notFound('Clip not found');
  if (clip.ownerId === user.id) return { clip, video, mine: true, seesVideo: true };
  if (!user.emailConfirmedAt) throw notFound('Clip not found');
  const [reach] = await db
    .select({ id: playlistItems.id })
    .from(playlistItems)
    .innerJoin(playlistShares, eq(playlistShares.playlistId, playlistItems.playlistId))
    .where(and(eq(playlistItems.clipId, clipId), eq(playlistShares.sharedWithEmail, user.username)))
    .limit(1);
  if (!reach) throw notFound('Clip not found');
  const seesVideo = (await findVideoAccess(db, user, clip.videoId)) !== null;
  return { clip, video, mine: false, seesVideo };
}
