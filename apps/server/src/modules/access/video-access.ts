import type { AccessLevel } from '@filmroom/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection';
import {
  playlistShares,
  teamPlaylistShares,
  teamVideoShares,
  videoShares,
  videos,
  type UserRow,
  type VideoRow,
} from '../../db/schema';
import { acceptedTeamMembers } from './team-members';

export type VideoAccess = {
  video: VideoRow;
  /**
   * `owner` for the uploader; otherwise the highest level among the shares that reach this
   * user, to their address or to a team they are on.
   */
  level: 'owner' | AccessLevel;
};

export const canEdit = (access: VideoAccess | null) =>
  access !== null && (access.level === 'owner' || access.level === 'edit');

/**
 * Which shares reach this user: those to their address, once it is confirmed. Anyone can sign
 * up with any address, so an unproven one receives nothing that was sent to it.
 */
export function sharesReaching(user: UserRow): SQL {
  return user.emailConfirmedAt ? eq(videoShares.sharedWithEmail, user.username) : sql`false`;
}

/** The teams the user is on now (see acceptedTeamMembers), as a subquery. */
export function teamsReaching(db: Database, user: UserRow) {
  const members = acceptedTeamMembers(db);
  return db.select({ teamId: members.teamId }).from(members).where(eq(members.userId, user.id));
}

/** Which team shares reach the user: those of the teams they are on. */
const teamSharesReaching = (db: Database, user: UserRow): SQL =>
  inArray(teamVideoShares.teamId, teamsReaching(db, user));

/**
 * Every video shared with the user, directly or through a team, once: with the highest level
 * that reaches them and who shared it (a direct share's sharer before a team's).
 */
export function videosSharedWith(db: Database, user: UserRow) {
  const direct = db
    .select({
      videoId: videoShares.videoId,
      accessLevel: videoShares.accessLevel,
      sharedById: videoShares.sharedById,
      viaTeam: sql<boolean>`false`.as('via_team'),
    })
    .from(videoShares)
    .where(sharesReaching(user));
  const viaTeams = db
    .select({
      videoId: teamVideoShares.videoId,
      accessLevel: teamVideoShares.accessLevel,
      sharedById: teamVideoShares.sharedById,
      viaTeam: sql<boolean>`true`.as('via_team'),
    })
    .from(teamVideoShares)
    .where(teamSharesReaching(db, user));
  const every = direct.unionAll(viaTeams).as('every_share');
  return db
    .selectDistinctOn([every.videoId], {
      videoId: every.videoId,
      accessLevel: every.accessLevel,
      sharedById: every.sharedById,
    })
    .from(every)
    .orderBy(every.videoId, sql`${every.accessLevel} = 'edit' DESC`, every.viaTeam)
    .as('shared_with_user');
}

/**
 * The one place that decides who may see or change a video: its owner, and whoever a share
 * reaches, directly or through a team; the highest level among those shares wins.
 */
export async function findVideoAccess(
  db: Database,
  user: UserRow,
  videoId: string,
): Promise<VideoAccess | null> {
  return (await findVideosAccess(db, user, [videoId])).get(videoId) ?? null;
}

/**
 * What the user may do with each of several videos, in one query (a season view names up to
 * fifty): the videos they may not see, or that do not exist, are left out.
 */
export async function findVideosAccess(
  db: Database,
  user: UserRow,
  videoIds: readonly string[],
): Promise<Map<string, VideoAccess>> {
  const direct = db
    .select({ level: videoShares.accessLevel })
    .from(videoShares)
    .where(and(eq(videoShares.videoId, videos.id), sharesReaching(user)));
  const viaTeams = db
    .select({ level: teamVideoShares.accessLevel })
    .from(teamVideoShares)
    .where(and(eq(teamVideoShares.videoId, videos.id), teamSharesReaching(db, user)));
  const rows = await db
    .select({
      video: videos,
      levels: sql<
        AccessLevel[] | null
      >`(SELECT array_agg(access_level) FROM (${direct} UNION ALL ${viaTeams}) AS reaching)`,
    })
    .from(videos)
    .where(inArray(videos.id, [...videoIds]));
  const access = new Map<string, VideoAccess>();
  for (const row of rows) {
    const level = accessLevelOf(user, row.video, row.levels ?? []);
    if (level) access.set(row.video.id, { video: row.video, level });
  }
  return access;
}

function accessLevelOf(
  user: UserRow,
  video: VideoRow,
  reaching: readonly AccessLevel[],
): VideoAccess['level'] | null {
  if (video.ownerId === user.id) return 'owner';
  if (reaching.includes('edit')) return 'edit';
  return reaching.includes('view') ? 'view' : null;
}

/**
 * Whether `playlistId` (a column or a value) is shared with the user: to their address, once
 * it is confirmed, or to a team they are on.
 */
export function playlistReaches(db: Database, user: UserRow, playlistId: PgColumn): SQL {
  const byTeam = sql`EXISTS (${db
    .select({ id: teamPlaylistShares.id })
    .from(teamPlaylistShares)
    .where(
      and(
        eq(teamPlaylistShares.playlistId, playlistId),
        inArray(teamPlaylistShares.teamId, teamsReaching(db, user)),
      ),
    )})`;
  if (!user.emailConfirmedAt) return byTeam;
  return sql`(${byTeam} OR EXISTS (${db
    .select({ id: playlistShares.id })
    .from(playlistShares)
    .where(
      and(
        eq(playlistShares.playlistId, playlistId),
        eq(playlistShares.sharedWithEmail, user.username),
      ),
    )}))`;
}
