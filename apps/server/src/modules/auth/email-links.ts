import { EMAIL_LINK_DAYS, EMAIL_LINK_MESSAGES } from '@filmroom/contract';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { emailLinks, users, type EmailLinkRow, type UserRow } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { hashToken, newSecretToken } from '../../lib/secret-tokens';

const EMAIL_LINK_LIFETIME_MS = EMAIL_LINK_DAYS * 24 * 60 * 60 * 1000;

/** The database or a transaction on it. */
type Queryable = Pick<Database, 'insert' | 'select' | 'update'>;

/**
 * A new single-use link token for mail to `email`; only its hash is stored. Whoever follows
 * it has read that address's mail, which is the one proof of an address there is.
 */
export async function issueEmailLink(
  db: Queryable,
  email: string,
  purpose: EmailLinkRow['purpose'],
  bound: { userId?: string; coachStudentId?: string } = {},
): Promise<string> {
  const token = newSecretToken();
  await db.insert(emailLinks).values({
    tokenHash: hashToken(token),
    email,
    purpose,
    userId: bound.userId ?? null,
    coachStudentId: bound.coachStudentId ?? null,
    expiresAt: new Date(Date.now() + EMAIL_LINK_LIFETIME_MS),
  });
  return token;
}

/** The link behind a token, if it may still be used; otherwise a 400 that says why. */
export async function findEmailLink(
  db: Queryable,
  token: string,
  purposes: EmailLinkRow['purpose'][],
): Promise<EmailLinkRow> {
  const [row] = await db
    .select()
    .from(emailLinks)
    .where(and(eq(emailLinks.tokenHash, hashToken(token)), inArray(emailLinks.purpose, purposes)));
  if (!row) throw badRequest(EMAIL_LINK_MESSAGES.unknown);
  if (row.usedAt) throw badRequest(EMAIL_LINK_MESSAGES.used);
  if (row.expiresAt <= new Date()) throw badRequest(EMAIL_LINK_MESSAGES.expired);
  return row;
}

/** Uses a link once: one statement claims it, so two clicks at once cannot both succeed. */
export async function claimEmailLink(
  db: Queryable,
  token: string,
  purposes: EmailLinkRow['purpose'][],
): Promise<EmailLinkRow> {
  const now = new Date();
  const [claimed] = await db
    .update(emailLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailLinks.tokenHash, hashToken(token)),
        inArray(emailLinks.purpose, purposes),
        isNull(emailLinks.usedAt),
        gt(emailLinks.expiresAt, now),
      ),
    )
    .returning();
  if (claimed) return claimed;
  await findEmailLink(db, token, purposes); // throws the reason
  throw badRequest(EMAIL_LINK_MESSAGES.unknown);
}

/**
 * Marks this account's address confirmed (it stays confirmed), while the account still has the
 * address the link went to; none when it has not.
 */
export async function confirmAccount(
  db: Queryable,
  userId: string,
  email: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(and(eq(users.id, userId), eq(users.username, email)))
    .returning();
  return user;
}

/** Forgets links long past their expiry, as for password links. */
export async function deleteStaleEmailLinks(db: Database): Promise<number> {
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(emailLinks)
    .where(lt(emailLinks.expiresAt, weekAgo))
    .returning({ tokenHash: emailLinks.tokenHash });
  return removed.length;
}
