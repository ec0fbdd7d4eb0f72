import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection';
import { users, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/http-errors';

/**
 * Whether the user administers the server: the first account made on it (stored), or one whose
 * address ADMIN_EMAILS names. An address named after the account was made is stored at its
 * first admin request (and at every start, see grantAdminEmails), so the shell shows the entry.
 */
export function isAdministrator(user: UserRow | null, adminEmails: readonly string[]): boolean {
  return !!user && !user.disabledAt && (user.isAdmin || adminEmails.includes(user.username));
}

/**
 * The administrator asking, or 404: to anyone else the Admin area does not exist. Runs before
 * the body is read, so a bad body from a non-admin is a 404 too, never a 400 that tells more.
 */
export async function requireAdministrator(
  db: Database,
  request: FastifyRequest,
  adminEmails: readonly string[],
): Promise<UserRow> {
  const { user } = request;
  if (!user || !isAdministrator(user, adminEmails)) throw notFound();
  if (!user.isAdmin) {
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    request.user = { ...user, isAdmin: true };
  }
  return request.user!;
}

/** Marks the accounts ADMIN_EMAILS names as administrators (at start-up). */
export async function grantAdminEmails(db: Database, adminEmails: readonly string[]) {
  for (const email of adminEmails) {
    await db.update(users).set({ isAdmin: true }).where(eq(users.username, email));
  }
}
