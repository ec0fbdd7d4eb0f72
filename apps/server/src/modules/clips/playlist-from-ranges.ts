import { PLAYLIST_MAX_CLIPS, TITLE_MAX_LENGTH } from '@filmroom/contract';
import type { Database } from '../../db/connection';
import { clips, playlistItems, playlists, type UserRow } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { requireVideoAccess } from '../videos';
import { fitRange } from './clip-service';

type TitledRange = { title: string; start: number; end: number };

/**
 * A new playlist of the user's, with one new clip per range of the video, in the order given:
 * how another feature (tagged events) turns a selection into film in one step. The clips obey
 * the same rules as any clip (the asker may view the video; each range lies inside it).
 */
export async function makePlaylistOfRanges(
  db: Database,
  user: UserRow,
  title: string,
  videoId: string,
  ranges: readonly TitledRange[],
): Promise<{ playlistId: string; clipCount: number }> {
  if (ranges.length === 0) throw badRequest('No events to make a playlist of');
  if (ranges.length > PLAYLIST_MAX_CLIPS) {
    throw badRequest(`A playlist holds at most ${PLAYLIST_MAX_CLIPS} clips: narrow the filter`);
  }
  const { video } = await requireVideoAccess(db, user, videoId, 'view');
  const fitted = ranges.map((range) => ({
    title: range.title.slice(0, TITLE_MAX_LENGTH),
    ...fitRange(video, range.start, range.end),
  }));
  return db.transaction(async (tx) => {
    const [playlist] = await tx
      .insert(playlists)
      .values({ ownerId: user.id, title: title.slice(0, TITLE_MAX_LENGTH) })
      .returning();
    const made = await tx
      .insert(clips)
      .values(
        fitted.map((range) => ({
          ownerId: user.id,
          videoId,
          title: range.title,
          startTime: range.start,
          endTime: range.end,
        })),
      )
      .returning({ id: clips.id });
    await tx
      .insert(playlistItems)
      .values(
        made.map((clip, position) => ({ playlistId: playlist!.id, clipId: clip.id, position })),
      );
    return { playlistId: playlist!.id, clipCount: made.length };
  });
}
