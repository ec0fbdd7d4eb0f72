import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { teams, users, type TeamRow, type UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import { mayKnowPerson } from './people-access';
import { PERMISSIONS, type Permission, type PermissionRule, type ResourceOf } from './permissions';
import { canEdit, findVideoAccess, teamsReaching, type VideoAccess } from './video-access';

/** What a granted permission hands back: the resource, read once by the check. */
type Granted = { video: VideoAccess; team: TeamRow; person: UserRow };

const NOT_FOUND = {
  video: 'Video not found',
  team: 'Team not found',
  person: 'Player not found',
} as const;

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
  const rule: PermissionRule = PERMISSIONS[permission];
  const grant = { video: videoGrant, team: teamGrant, person: personGrant }[rule.resource];
  return (await grant(db, user, rule, id)) as Granted[ResourceOf<P>];
}

async function videoGrant(db: Database, user: UserRow, rule: PermissionRule, videoId: string) {
  const access = await findVideoAccess(db, user, videoId);
  if (!access) throw notFound(NOT_FOUND.video);
  if (rule.needs === 'edit' && !canEdit(access)) throw refused(rule);
  return access;
}

async function teamGrant(db: Database, user: UserRow, rule: PermissionRule, teamId: string) {
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
  if (rule.needs === 'edit' && team.coachId !== user.id) throw refused(rule);
  return team;
}

async function personGrant(db: Database, user: UserRow, _rule: PermissionRule, personId: string) {
  const [person] = await db.select().from(users).where(eq(users.id, personId));
  if (!person || !(await mayKnowPerson(db, user, person.id))) throw notFound(NOT_FOUND.person);
  return person;
}

function refused(rule: PermissionRule) {
  return forbidden(rule.forbidden ?? `Only ${rule.holders} may do that`);
}
