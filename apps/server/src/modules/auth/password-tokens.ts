import {
  INVITATION_LINK_DAYS,
  PASSWORD_LINK_MESSAGES,
  PASSWORD_RESET_LINK_HOURS,
} from '@filmroom/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { hashToken, newSecretToken } from '../../lib/secret-tokens';
import { passwordTokens, sessions, users, type UserRow } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';

export type PasswordTokenPurpose = 'reset' | 'invitation';

/**
 * A reset link is asked for by someone at the keyboard now, so it lives an hour; an invitation
 * waits in an inbox until the athlete gets to it, so it lives a week. Either works once.
 */
const PASSWORD_TOKEN_LIFETIME_MS: Record<PasswordTokenPurpose, number> = {
  reset: PASSWORD_RESET_LINK_HOURS * 60 * 60 * 1000,
  invitation: INVITATION_LINK_DAYS * 24 * 60 * 60 * 1000,
};

/** Anything that can run queries: the database or a transaction on it. */
type Queryable = Pick<Database, 'insert'>;

/** A new random 256-bit token for a set-password link; only its hash is stored. */
export async function issuePasswordToken(
  db: Queryable,
  userId: string,
  purpose: PasswordTokenPurpose,
): Promise<string> {
  const token = newSecretToken();
  await db.insert(passwordTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + PASSWORD_TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Sets the password a link was sent for, once. Every session of the account ends (whoever had
 * the old password is out) and every other link still waiting expires. A link that is
 * unknown, used or expired is refused with a message that says which. Following the link
 * proves the address too, so the account counts as confirmed from then on.
 */
export async function redeemPasswordToken(
  db: Database,
  token: string,
  passwordHash: string,
): Promise<UserRow> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const now = new Date();
    // One statement claims the token, so two clicks at once cannot both succeed.
    const [claimed] = await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordTokens.tokenHash, tokenHash),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) {
      const [row] = await tx
        .select()
        .from(passwordTokens)
        .where(eq(passwordTokens.tokenHash, tokenHash));
      throw badRequest(
        !row
          ? PASSWORD_LINK_MESSAGES.unknown
          : row.usedAt
            ? PASSWORD_LINK_MESSAGES.used
            : PASSWORD_LINK_MESSAGES.expired,
      );
    }
    // The link reached the account's address: that proves the address as well.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, claimed.userId))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    // Older links still in the inbox now expire: they were for a password that is gone.
    await tx
      .update(passwordTokens)
      .set({ expiresAt: now })
      .where(and(eq(passwordTokens.userId, claimed.userId), isNull(passwordTokens.usedAt)));
    return user!;
  });
}

/** Forgets links long past their expiry; recent ones stay so a late click hears "expired". */
export async function deleteStalePasswordTokens(db: Database): Promise<number> {
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(passwordTokens)
    .where(lt(passwordTokens.expiresAt, weekAgo))
    .returning({ tokenHash: passwordTokens.tokenHash });
  return removed.length;
}
