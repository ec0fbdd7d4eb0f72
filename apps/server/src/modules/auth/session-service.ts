import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { hashToken, newSecretToken } from '../../lib/secret-tokens';
import { sessions, users, type UserRow } from '../../db/schema';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry without a write per request: extend at most once an hour.
const RENEW_AFTER_MS = 60 * 60 * 1000;
// "Last seen" for the Admin area, written at most this often per account.
const LAST_SEEN_EVERY_MS = 60 * 1000;

export type ActiveSession = { user: UserRow; expiresAt: Date; renewed: boolean };

export class SessionService {
  /**
   * Every request asks this, so it is built and planned once (a named statement each connection
   * prepares on first use) rather than written out again per request.
   */
  private readonly activeSession;

  constructor(private readonly db: Database) {
    this.activeSession = db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          gt(sessions.expiresAt, sql`now()`),
          // A disabled account's sessions are deleted when it is disabled; this holds meanwhile.
          isNull(users.disabledAt),
        ),
      )
      .prepare('active_session');
  }

  /** A new random 256-bit token; only its hash is stored. */
  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    await this.db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  /** The user behind a session token, sliding the expiry forward while it is in use. */
  async resolve(token: string): Promise<ActiveSession | null> {
    const id = hashToken(token);
    const [row] = await this.activeSession.execute({ id });
    if (!row) return null;

    const now = Date.now();
    if (!row.user.lastSeenAt || now - row.user.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
      await this.markSeen(row.user.id);
    }
    if (row.expiresAt.getTime() - now > SESSION_LIFETIME_MS - RENEW_AFTER_MS) {
      return { user: row.user, expiresAt: row.expiresAt, renewed: false };
    }
    const expiresAt = new Date(now + SESSION_LIFETIME_MS);
    await this.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    return { user: row.user, expiresAt, renewed: true };
  }

  /** Conditional, so requests of several processes in the same minute write once. */
  private async markSeen(userId: string) {
    await this.db
      .update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(users.id, userId),
          or(
            isNull(users.lastSeenAt),
            lt(users.lastSeenAt, sql`now() - make_interval(secs => ${LAST_SEEN_EVERY_MS / 1000})`),
          ),
        ),
      );
  }

  /** Ends the session; resolves with whose it was (null: no such session). */
  async delete(token: string): Promise<string | null> {
    const [row] = await this.db
      .delete(sessions)
      .where(eq(sessions.id, hashToken(token)))
      .returning({ userId: sessions.userId });
    return row?.userId ?? null;
  }

  async deleteExpired(): Promise<number> {
    const removed = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ id: sessions.id });
    return removed.length;
  }
}
