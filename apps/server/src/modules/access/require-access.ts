import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  annotations,
  teams,
  users,
  videoExports,
  type AnnotationRow,
  type TeamRow,
  type UserRow,
  type VideoExportRow,
} from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../lib/http-errors';
import {
  findClipAccess,
  findPlaylistAccess,
  type ClipAccess,
  type PlaylistAccess,
} from './clip-access';
import { sightOfSource, type SourceSight } from './export-access';
import { requireEditOfVideos, videosOfPlaylist } from './onward-sharing';
import { mayKnowPerson } from './people-access';
import { findTemplateAccess, type TemplateAccess } from './template-access';
import { PERMISSIONS, type Permission, type PermissionRule, type ResourceOf } from './permissions';
import {
  canEdit,
  findVideoAccess,
  findVideosAccess,
  teamsReaching,
  type VideoAccess,
} from './video-access';

/** What a granted permission hands back: the resource, read once by the check. */
type Granted = {
  video: VideoAccess;
  annotation: { annotation: AnnotationRow; video: VideoAccess };
  team: TeamRow;
  person: UserRow;
  clip: ClipAccess;
  playlist: PlaylistAccess;
  export: { row: VideoExportRow; sight: SourceSight };
  template: TemplateAccess;
};

const NOT_FOUND = {
  video: 'Video not found',
  annotation: 'Annotation not found',
  team: 'Team not found',
  person: 'Player not found',
  clip: 'Clip not found',
  playlist: 'Playlist not found',
  export: 'Export not found',
  template: 'Code window not found',
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
    annotation: annotationGrant,
    team: teamGrant,
    person: personGrant,
    clip: clipGrant,
    playlist: playlistGrant,
    export: exportGrant,
    template: templateGrant,
  };
  const grant = grants[PERMISSIONS[permission].resource];
  return (await grant(db, user, permission, id)) as Granted[ResourceOf<P>];
}

/**
 * Whether the user holds `permission` on the resource, for a question rather than a request:
 * may this event or file still go to them. Refusals are a no; any other failure is thrown.
 */
export async function holdsPermission(
  db: Database,
  user: UserRow,
  permission: Permission,
  id: string,
): Promise<boolean> {
  try {
    await requireAccess(db, user, permission, id);
    return true;
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) {
      return false;
    }
    throw error;
  }
}

type VideoPermission = {
  [P in Permission]: ResourceOf<P> extends 'video' ? P : never;
}[Permission];

/**
 * The same permission on each of several videos, asked in one query (a season view names up
 * to fifty): the first the user may not see (or that does not exist) refuses all, named when
 * there are several, as "not found" since it is not theirs to learn of.
 */
export async function requireAccessToEach(
  db: Database,
  user: UserRow,
  permission: VideoPermission,
  videoIds: readonly string[],
): Promise<Map<string, VideoAccess>> {
  const access = await findVideosAccess(db, user, videoIds);
  for (const videoId of videoIds) {
    const granted = access.get(videoId);
    if (!granted) {
      throw notFound(
        videoIds.length === 1 ? NOT_FOUND.video : `Video ${videoId}: ${NOT_FOUND.video}`,
      );
    }
    if (needsEdit(permission) && !canEdit(granted)) throw refused(permission);
  }
  return access;
}

const needsEdit = (permission: Permission) => PERMISSIONS[permission].needs === 'edit';

async function videoGrant(db: Database, user: UserRow, permission: Permission, videoId: string) {
  const access = await findVideoAccess(db, user, videoId);
  if (!access) throw notFound(NOT_FOUND.video);
  if (needsEdit(permission) && !canEdit(access)) throw refused(permission);
  return access;
}

async function annotationGrant(
  db: Database,
  user: UserRow,
  permission: Permission,
  annotationId: string,
) {
  const [annotation] = await db.select().from(annotations).where(eq(annotations.id, annotationId));
  const video = annotation ? await findVideoAccess(db, user, annotation.videoId) : null;
  if (!annotation || !video) throw notFound(NOT_FOUND.annotation);
  const rule: PermissionRule = PERMISSIONS[permission];
  if (rule.needs === 'author' && annotation.userId !== user.id && !canEdit(video)) {
    throw forbidden(
      (annotation.parentId ? rule.forbiddenOnReply : undefined) ?? rule.forbidden ?? '',
    );
  }
  return { annotation, video };
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

/**
 * An export the user may see: theirs or not, it exists while they may view its source. Anyone
 * else, and anyone who may see it but not remove it, is told it does not exist.
 */
async function exportGrant(db: Database, user: UserRow, permission: Permission, exportId: string) {
  const [row] = await db.select().from(videoExports).where(eq(videoExports.id, exportId));
  if (!row || row.expiresAt <= new Date()) throw notFound(NOT_FOUND.export);
  const sight = await sightOfSource(db, user, row);
  if (!sight) throw notFound(NOT_FOUND.export);
  if (needsEdit(permission) && row.ownerId !== user.id && !sight.editsSource) {
    throw notFound(NOT_FOUND.export);
  }
  return { row, sight };
}

async function templateGrant(
  db: Database,
  user: UserRow,
  permission: Permission,
  templateId: string,
) {
  const access = await findTemplateAccess(db, user, templateId);
  if (!access) throw notFound(NOT_FOUND.template);
  if (needsEdit(permission) && access.template.ownerId !== user.id) throw refused(permission);
  return access;
}

function refused(permission: Permission) {
  const rule: PermissionRule = PERMISSIONS[permission];
  return forbidden(rule.forbidden ?? `Only ${rule.holders} may do that`);
}
