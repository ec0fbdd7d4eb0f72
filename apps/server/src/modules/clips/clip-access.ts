import { and, asc, eq } from 'drizzle-orm';
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
import { notFound } from '../../lib/http-errors';
import { findVideoAccess, playlistReaches } from '../access';

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
  const [reached] = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.id, playlistId), playlistReaches(db, user, playlists.id)));
  if (reached) return { playlist, mine: false };
  throw notFound('Playlist not found');
}

/** The clip's video, if the clip's owner may still view it: a clip lives on its owner's access. */
async function videoOfClip(db: Database, clip: ClipRow): Promise<VideoRow | null> {
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
  const [reach] = await db
    .select({ id: playlistItems.id })
    .from(playlistItems)
    .where(
      and(eq(playlistItems.clipId, clipId), playlistReaches(db, user, playlistItems.playlistId)),
    )
    .limit(1);
  if (!reach) throw notFound('Clip not found');
  const seesVideo = (await findVideoAccess(db, user, clip.videoId)) !== null;
  return { clip, video, mine: false, seesVideo };
}

/** Where a clip comes from: the server's to use (an export renders it), not to show. */
export type ClipRange = {
  clipId: string;
  videoId: string;
  title: string;
  start: number;
  end: number;
};

const rangeOf = (clip: ClipRow): ClipRange => ({
  clipId: clip.id,
  videoId: clip.videoId,
  title: clip.title,
  start: clip.startTime,
  end: clip.endTime,
});

/**
 * A playlist's items in playing order with their clips and videos, leaving out the clips whose
 * owner may no longer view their video (such a clip plays for nobody).
 */
export async function playableItems(db: Database, playlistId: string) {
  const rows = await db
    .select({ item: playlistItems, clip: clips })
    .from(playlistItems)
    .innerJoin(clips, eq(clips.id, playlistItems.clipId))
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.position), asc(playlistItems.createdAt));
  const videos = new Map<string, VideoRow | null>();
  const playable = [];
  for (const row of rows) {
    if (!videos.has(row.clip.videoId))
      videos.set(row.clip.videoId, await videoOfClip(db, row.clip));
    const video = videos.get(row.clip.videoId);
    if (video) playable.push({ ...row, video });
  }
  return playable;
}

/** The clip's video and range, for whoever may play the clip (else "not found"). */
export async function clipRangeFor(
  db: Database,
  user: UserRow,
  clipId: string,
): Promise<ClipRange> {
  return rangeOf((await requireClipAccess(db, user, clipId)).clip);
}

/** The playlist's clips in playing order, for whoever may see the playlist (else "not found"). */
export async function playlistClipsFor(
  db: Database,
  user: UserRow,
  playlistId: string,
): Promise<ClipRange[]> {
  await requirePlaylistAccess(db, user, playlistId);
  return (await playableItems(db, playlistId)).map(({ clip }) => rangeOf(clip));
}
