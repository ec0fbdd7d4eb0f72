import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connection';
import { users, type UserRow } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail, setPasswordLink } from '../../mail/messages';
import { endAccess } from '../users';
import { hashPassword } from './password';
import { issuePasswordToken, redeemPasswordToken } from './password-tokens';

/** E-mails a one-hour set-password link to the account with this address, if there is one. */
export async function sendPasswordResetLink(
  deps: { db: Database; mailer: Mailer },
  email: string,
  origin: string,
): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.username, email));
  // A disabled account gets no link: it could not sign in with the new password anyway.
  if (!user || user.disabledAt) return;
  const token = await issuePasswordToken(deps.db, user.id, 'reset');
  await deps.mailer.send(passwordResetMail({ to: email, link: setPasswordLink(origin, token) }));
}

/**
 * Sets a new password from a reset or invitation link (see redeemPasswordToken, which ends the
 * account's other sessions): so do their open event streams and downloads.
 */
export async function setPasswordFromLink(
  // The app's shared parts, as every route knows them (set by plugins/dependencies.ts).
  deps: Pick<FastifyInstance, 'db' | 'videoEvents'>,
  token: string,
  password: string,
): Promise<UserRow> {
  const user = await redeemPasswordToken(deps.db, token, await hashPassword(password));
  await endAccess(deps.videoEvents, deps.db.$client, [{ userId: user.id }]);
  return user;
}
