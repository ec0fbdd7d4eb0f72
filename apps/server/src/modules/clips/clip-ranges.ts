import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { clips, playlistItems, type ClipRow, type UserRow, type VideoRow } from '../../db/schema';
import { requireAccess, videoOfClip } from '../access';

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
  return rangeOf((await requireAccess(db, user, 'clip.read', clipId)).clip);
}

/** The playlist's clips in playing order, for whoever may see the playlist (else "not found"). */
export async function playlistClipsFor(
  db: Database,
  user: UserRow,
  playlistId: string,
): Promise<ClipRange[]> {
  await requireAccess(db, user, 'playlist.read', playlistId);
  return (await playableItems(db, playlistId)).map(({ clip }) => rangeOf(clip));
}
