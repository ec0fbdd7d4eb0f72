import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  clips,
  playlistItems,
  playlists,
  users,
  type ClipRow,
  type PlaylistRow,
  type UserRow,
  type VideoRow,
} from '../../db/schema';
import { findVideoAccess, playlistReaches } from './video-access';

export type ClipAccess = {
  clip: ClipRow;
  video: VideoRow;
  mine: boolean;
  /** Whether the asker may view the whole video (else they get the range and nothing more). */
  seesVideo: boolean;
};

export type PlaylistAccess = { playlist: PlaylistRow; mine: boolean };

/** The playlist and whether it is the user's own, if they may see it: its owner and shares. */
export async function findPlaylistAccess(
  db: Database,
  user: UserRow,
  playlistId: string,
): Promise<PlaylistAccess | null> {
  const [playlist] = await db.select().from(playlists).where(eq(playlists.id, playlistId));
  if (!playlist) return null;
  if (playlist.ownerId === user.id) return { playlist, mine: true };
  const [reached] = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.id, playlistId), playlistReaches(db, user, playlists.id)));
  return reached ? { playlist, mine: false } : null;
}

/** The clip's video, if the clip's owner may still view it: a clip lives on its owner's access. */
export async function videoOfClip(db: Database, clip: ClipRow): Promise<VideoRow | null> {
  const [owner] = await db.select().from(users).where(eq(users.id, clip.ownerId));
  const access = owner ? await findVideoAccess(db, owner, clip.videoId) : null;
  return access?.video ?? null;
}

/**
 * The one place that decides who may play a clip: its owner, while they may view its video,
 * and whoever a playlist holding it is shared with.
 */
export async function findClipAccess(
  db: Database,
  user: UserRow,
  clipId: string,
): Promise<ClipAccess | null> {
  const [clip] = await db.select().from(clips).where(eq(clips.id, clipId));
  const video = clip ? await videoOfClip(db, clip) : null;
  if (!clip || !video) return null;
  if (clip.ownerId === user.id) return { clip, video, mine: true, seesVideo: true };
  const [reach] = await db
    .select({ id: playlistItems.id })
    .from(playlistItems)
    .where(
      and(eq(playlistItems.clipId, clipId), playlistReaches(db, user, playlistItems.playlistId)),
    )
    .limit(1);
  if (!reach) return null;
  const seesVideo = (await findVideoAccess(db, user, clip.videoId)) !== null;
  return { clip, video, mine: false, seesVideo };
}
