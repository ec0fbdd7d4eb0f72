import type { AdminUser } from '@filmroom/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  annotations,
  clips,
  passwordTokens,
  sessions,
  uploadReservations,
  users,
  videoExports,
  videos,
  type UserRow,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { passwordResetMail, setPasswordLink } from '../../mail/messages';
import { issuePasswordToken } from '../auth';
import { endAccess } from '../users';
import { videoKeys } from '../../storage';
import { removeResumableUploads } from '../videos';
import { isAdministrator } from '../access';
import { measureStorage } from './storage-usage';

// The app's shared parts, as every route knows them (`app.db`, set by plugins/dependencies.ts).
type Deps = Pick<
  FastifyInstance,
  'db' | 'pool' | 'blobs' | 'jobs' | 'videoEvents' | 'mailer' | 'config'
>;

// Enough for any club; a search narrows it.
const USERS_LISTED = 500;

/** Accounts, newest first, whose name or address contains `q` (any case). */
export async function listUsers(deps: Deps, q: string | undefined): Promise<AdminUser[]> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await deps.db
    .select()
    .from(users)
    .where(
      pattern
        ? sql`(${users.username} ILIKE ${pattern} OR ${users.name} ILIKE ${pattern})`
        : undefined,
    )
    .orderBy(sql`${users.createdAt} DESC`, users.id)
    .limit(USERS_LISTED);
  const { usage } = await measureStorage(deps.pool, deps.blobs);
  return rows.map((user) => ({
    id: user.id,
    name: user.name,
    email: user.username,
    adminByConfig: deps.config.adminEmails.includes(user.username),
    role: isAdministrator({ ...user, disabledAt: null }, deps.config.adminEmails)
      ? 'admin'
      : user.isCoach
        ? 'coach'
        : 'athlete',
    isCoach: user.isCoach,
    emailConfirmed: user.emailConfirmedAt !== null,
    disabled: user.disabledAt !== null,
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    videos: usage.get(user.id)?.videos ?? 0,
    storageBytes: usage.get(user.id)?.bytes ?? 0,
  }));
}

/** Another account than the admin's own, or 404 / 403. */
async function otherAccount(deps: Deps, admin: UserRow, userId: string, doing: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('No account with this id');
  if (user.id === admin.id) throw forbidden(`You cannot ${doing} your own account`);
  return user;
}

/**
 * Disables the account: its sessions end now (their open pages' event streams close and their
 * downloads stop, on every process), its unused password links stop working, and it cannot
 * sign in until enabled.
 */
export async function disableUser(deps: Deps, admin: UserRow, userId: string): Promise<UserRow> {
  const user = await otherAccount(deps, admin, userId, 'disable');
  if (user.disabledAt) return user;
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(passwordTokens).where(eq(passwordTokens.userId, user.id));
  });
  await endAccess(deps.videoEvents, deps.pool, [{ userId: user.id }]);
  return user;
}

export async function enableUser(deps: Deps, admin: UserRow, userId: string): Promise<UserRow> {
  const user = await otherAccount(deps, admin, userId, 'enable');
  await deps.db.update(users).set({ disabledAt: null }).where(eq(users.id, user.id));
  return user;
}

/** Makes the account an administrator: from its next request it may open the Admin area. */
export async function promoteUser(deps: Deps, userId: string): Promise<UserRow> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('No account with this id');
  if (user.disabledAt) {
    throw badRequest('This account is disabled: enable it before making it an administrator');
  }
  await deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
  return user;
}

/**
 * Takes administration from the account, its own included, as long as another enabled
 * administrator remains. An account ADMIN_EMAILS names cannot be demoted here: the server
 * grants it again at every start and at its next admin request, so the demotion would be a lie
 * that undoes itself; the address has to leave ADMIN_EMAILS instead.
 */
export async function demoteUser(deps: Deps, userId: string): Promise<UserRow> {
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('No account with this id');
    if (deps.config.adminEmails.includes(user.username)) {
      throw conflict(
        `${user.username} is an administrator through ADMIN_EMAILS: remove the address there and restart the server`,
      );
    }
    if (!user.isAdmin) return user;
    // Locked, so two administrators demoting each other at once cannot leave none.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), isNull(users.disabledAt)))
      .for('update');
    if (!user.disabledAt && admins.length <= 1) {
      throw conflict('This is the last administrator: make another account one first');
    }
    await tx.update(users).set({ isAdmin: false }).where(eq(users.id, user.id));
    return user;
  });
}

/**
 * Mails the account a one-hour link to set its password, as "Forgot your password?" does.
 * Without a relay it is kept: the admin finds it on the mail page and hands it over.
 */
export async function sendPasswordLink(
  deps: Deps,
  admin: UserRow,
  userId: string,
  origin: string,
): Promise<UserRow> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('No account with this id');
  if (user.disabledAt) {
    throw badRequest('This account is disabled: enable it before sending a password link');
  }
  const token = await issuePasswordToken(deps.db, user.id, 'reset');
  await deps.mailer.send({
    ...passwordResetMail({ to: user.username, link: setPasswordLink(origin, token) }),
    senderId: admin.id,
  });
  return user;
}

/**
 * Deletes the account and everything it owns: its videos (jobs cancelled, files removed), its
 * photos, exports, clip cuts and voice notes on others' videos, its unfinished resumable
 * uploads, and every row that hangs off it. The admin
 * types the account's address to confirm. Resolves with how many videos went.
 */
export async function deleteUser(
  deps: Deps,
  admin: UserRow,
  userId: string,
  confirmEmail: string,
): Promise<{ user: UserRow; videos: number }> {
  const user = await otherAccount(deps, admin, userId, 'delete');
  if (confirmEmail !== user.username) {
    throw badRequest(`Type the account's address, ${user.username}, to delete it`);
  }
  const owned = await deps.db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.ownerId, user.id));
  const videoIds = owned.map((video) => video.id);
  // Their files under other people's videos: exports they made, voice notes they left.
  const elsewhere = [
    ...(await deps.db
      .select({ key: videoExports.fileKey })
      .from(videoExports)
      .where(and(eq(videoExports.ownerId, user.id), isNotNull(videoExports.fileKey)))),
    ...(await deps.db
      .select({ key: annotations.audioKey })
      .from(annotations)
      .where(and(eq(annotations.userId, user.id), isNotNull(annotations.audioKey)))),
  ].flatMap((row) => (row.key ? [row.key] : []));
  const exportIds = await deps.db
    .select({ id: videoExports.id })
    .from(videoExports)
    .where(eq(videoExports.ownerId, user.id));
  // The cuts of their clips of others' videos, and the uploads they had not finished.
  const theirClips = await deps.db
    .select({ id: clips.id, videoId: clips.videoId })
    .from(clips)
    .where(eq(clips.ownerId, user.id));
  const unfinished = await deps.db
    .select({ id: uploadReservations.id })
    .from(uploadReservations)
    .where(eq(uploadReservations.ownerId, user.id));

  // Rows first (they cascade), so nothing can reach the files while they go.
  await deps.db.delete(users).where(eq(users.id, user.id));
  await endAccess(deps.videoEvents, deps.pool, [{ userId: user.id }]);
  if (videoIds.length > 0) {
    await deps.videoEvents.publishAccessEnded(deps.pool, { userIds: [], emails: [], videoIds });
  }
  for (const videoId of videoIds) await deps.jobs.cancelJobsOf(videoId);
  for (const { id } of exportIds) await deps.jobs.cancelJobsOf({ exportId: id });
  for (const videoId of videoIds) await deps.blobs.deletePrefix(videoKeys.prefix(videoId));
  for (const key of elsewhere) await deps.blobs.delete(key);
  for (const clip of theirClips)
    await deps.blobs.deletePrefix(videoKeys.clipCuts(clip.videoId, clip.id));
  await removeResumableUploads(
    deps.config,
    deps.blobs,
    unfinished.map((upload) => upload.id),
  );
  // Profile photos live under the account's own prefix.
  await deps.blobs.deletePrefix(`users/${user.id}/`);
  return { user, videos: videoIds.length };
}
