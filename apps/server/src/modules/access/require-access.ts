import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { teams, users, type TeamRow, type UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import {
  findClipAccess,
  findPlaylistAccess,
  type ClipAccess,
  type PlaylistAccess,
} from './clip-access';
import { requireEditOfVideos, videosOfPlaylist } from './onward-sharing';
import { mayKnowPerson } from './people-access';
import { PERMISSIONS, type Permission, type PermissionRule, type ResourceOf } from './permissions';
import { canEdit, findVideoAccess, teamsReaching, type VideoAccess } from './video-access';

/** What a granted permission hands back: the resource, read once by the check. */
type Granted = {
  video: VideoAccess;
  team: TeamRow;
  person: UserRow;
  clip: ClipAccess;
  playlist: PlaylistAccess;
};

const NOT_FOUND = {
  video: 'Video not found',
  team: 'Team not found',
  person: 'Player not found',
  clip: 'Clip not found',
  playlist: 'Playlist not found',
} as const;

type Grant = (db: Database, user: UserRow, permission: Permission, id: string) => Promise<unknown>;

/**
 * The one check at the start of every guarded service method: the resource if the user holds
 * `permission` on it. One they may not see is "not found" (404), one they may see but not act
 * on is "forbidden" (403) with the permission's own message.
 */
export async function requireAccess<P extends Permission>(
  db: Database,
  user: UserRow,
  permission: P,
  id: string,
): Promise<Granted[ResourceOf<P>]> {
  const grants: Record<PermissionRule['resource'], Grant> = {
    video: videoGrant,
    team: teamGrant,
    person: personGrant,
    clip: clipGrant,
    playlist: playlistGrant,
  };
  const grant = grants[PERMISSIONS[permission].resource];
  return (await grant(db, user, permission, id)) as Granted[ResourceOf<P>];
}

const needsEdit = (permission: Permission) => PERMISSIONS[permission].needs === 'edit';

async function videoGrant(db: Database, user: UserRow, permission: Permission, videoId: string) {
  const access = await findVideoAccess(db, user, videoId);
  if (!access) throw notFound(NOT_FOUND.video);
  if (needsEdit(permission) && !canEdit(access)) throw refused(permission);
  return access;
}

async function teamGrant(db: Database, user: UserRow, permission: Permission, teamId: string) {
  // Its coach, or one of its members now, may know of the team.
  const [team] = await db
    .select()
    .from(teams)
    .where(
      and(
        eq(teams.id, teamId),
        or(eq(teams.coachId, user.id), inArray(teams.id, teamsReaching(db, user))),
      ),
    );
  if (!team) throw notFound(NOT_FOUND.team);
  if (needsEdit(permission) && team.coachId !== user.id) throw refused(permission);
  return team;
}

async function personGrant(db: Database, user: UserRow, _permission: Permission, personId: string) {
  const [person] = await db.select().from(users).where(eq(users.id, personId));
  if (!person || !(await mayKnowPerson(db, user, person.id))) throw notFound(NOT_FOUND.person);
  return person;
}

async function clipGrant(db: Database, user: UserRow, permission: Permission, clipId: string) {
  const access = await findClipAccess(db, user, clipId);
  if (!access) throw notFound(NOT_FOUND.clip);
  if (permission === 'clip.share') await requireEditOfVideos(db, user, [access.clip.videoId]);
  else if (needsEdit(permission) && !access.mine) throw refused(permission);
  return access;
}

async function playlistGrant(
  db: Database,
  user: UserRow,
  permission: Permission,
  playlistId: string,
) {
  const access = await findPlaylistAccess(db, user, playlistId);
  if (!access) throw notFound(NOT_FOUND.playlist);
  if (needsEdit(permission) && !access.mine) throw refused(permission);
  if (permission === 'playlist.share') {
    await requireEditOfVideos(db, user, await videosOfPlaylist(db, playlistId));
  }
  return access;
}

function refused(permission: Permission) {
  const rule: PermissionRule = PERMISSIONS[permission];
  return forbidden(rule.forbidden ?? `Only ${rule.holders} may do that`);
}
