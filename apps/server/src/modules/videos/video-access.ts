import type { AccessLevel } from '@filmroom/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { videoShares, videos, type UserRow, type VideoRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';

export type VideoAccess = {
  video: VideoRow;
  /** `owner` for the uploader; otherwise the level of the share that reaches this user. */
  level: 'owner' | AccessLevel;
};

export const canView = (access: VideoAccess | null): access is VideoAccess => access !== null;
export const canEdit = (access: VideoAccess | null) =>
  access !== null && (access.level === 'owner' || access.level === 'edit');

/**
 * Which shares reach this user: those to their address, once it is confirmed. Anyone can sign
 * up with any address, so an unproven one receives nothing that was sent to it.
 */
export function sharesReaching(user: UserRow): SQL {
  return user.emailConfirmedAt ? eq(videoShares.sharedWithEmail, user.username) : sql`false`;
}

/** The one place that decides who may see or change a video. */
export async function findVideoAccess(
  db: Database,
  user: UserRow,
  videoId: string,
): Promise<VideoAccess | null> {
  const [row] = await db
    .select({ video: videos, shareLevel: videoShares.accessLevel })
    .from(videos)
    .leftJoin(videoShares, and(eq(videoShares.videoId, videos.id), sharesReaching(user)))
    .where(eq(videos.id, videoId));
  if (!row) return null;
  if (row.video.ownerId === user.id) return { video: row.video, level: 'owner' };
  return row.shareLevel ? { video: row.video, level: row.shareLevel } : null;
}

/**
 * The video if the user may do `need` with it. A video the user may not see is "not found":
 * its existence is not theirs to learn. One they may see but not change is "forbidden".
 */
export async function requireVideoAccess(
  db: Database,
  user: UserRow,
  videoId: string,
  need: 'view' | 'edit',
): Promise<VideoAccess> {
  const access = await findVideoAccess(db, user, videoId);
  if (!canView(access)) throw notFound('Video not found');
  if (need === 'edit' && !canEdit(access)) {
    throw forbidden(
      'You have view access to this video: only its owner or an editor can change it',
    );
  }
  return access;
}
