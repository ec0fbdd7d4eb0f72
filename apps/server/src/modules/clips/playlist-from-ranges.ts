import { PLAYLIST_MAX_CLIPS, TITLE_MAX_LENGTH } from '@filmroom/contract';
import type { Database } from '../../db/connection';
import { clips, playlistItems, playlists, type UserRow, type VideoRow } from '../../db/schema';
import { HttpError, badRequest } from '../../lib/http-errors';
import { requireAccessToEach } from '../access';
import { fitRange } from './clip-service';

type TitledRange = { videoId: string; title: string; start: number; end: number };

/**
 * A new playlist of the user's, with one new clip per range, in the order given; the ranges
 * may lie in several videos ("all your turnovers from the last three games"). This is how
 * another feature (tagged events) turns a selection into film in one step. The clips obey the
 * same rules as any clip: the asker may view every video (one they may not, or that does not
 * exist, refuses all and is named) and each range lies inside its video.
 */
export async function makePlaylistOfRanges(
  db: Database,
  user: UserRow,
  title: string,
  ranges: readonly TitledRange[],
): Promise<{ playlistId: string; clipCount: number }> {
  if (ranges.length === 0) throw badRequest('No events to make a playlist of');
  if (ranges.length > PLAYLIST_MAX_CLIPS) {
    throw badRequest(`A playlist holds at most ${PLAYLIST_MAX_CLIPS} clips: narrow the filter`);
  }
  const videoIds = [...new Set(ranges.map((range) => range.videoId))];
  const access = await requireAccessToEach(db, user, 'video.read', videoIds);
  const fitted = ranges.map((range) => {
    const { video } = access.get(range.videoId)!;
    return {
      videoId: range.videoId,
      title: range.title.slice(0, TITLE_MAX_LENGTH),
      ...fitInNamedVideo(video, range, videoIds.length > 1),
    };
  });
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
          videoId: range.videoId,
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

/** The range fitted to its video; across several games a refusal says which game it was. */
function fitInNamedVideo(
  video: VideoRow,
  range: { start: number; end: number },
  nameTheVideo: boolean,
) {
  try {
    return fitRange(video, range.start, range.end);
  } catch (error) {
    if (!nameTheVideo || !(error instanceof HttpError)) throw error;
    throw new HttpError(error.statusCode, `"${video.title}": ${error.message}`, error.headers);
  }
}
