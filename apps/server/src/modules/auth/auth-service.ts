import {
  ADMIN_DISABLED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type loginBodySchema,
  type registerBodySchema,
} from '@filmroom/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import { users, type UserRow } from '../../db/schema';
import { conflict, forbidden, unauthorized } from '../../lib/http-errors';
import { confirmBySignUp } from './email-confirmation';
import { hashPassword, hasUsablePassword, verifyPassword } from './password';

type Registration = z.output<typeof registerBodySchema>;
type Credentials = z.output<typeof loginBodySchema>;

const UNIQUE_VIOLATION = '23505';

export const INVITED_ACCOUNT_MESSAGE =
  'You were invited with this email. Use the link in your invitation email, or "Forgot your password?" to get a new one.';

// Held while an account is made, so two sign-ups on a new server cannot both be the first.
const FIRST_ACCOUNT_LOCK = 4_201_980;

export class AuthService {
  /** `adminEmails`: ADMIN_EMAILS, whose accounts administer the server from the start. */
  constructor(
    private readonly db: Database,
    private readonly adminEmails: readonly string[] = [],
  ) {}

  /**
   * A new account, unconfirmed unless it signs up through a link mailed to its address
   * (`emailToken`): typing an address proves nothing, so nothing sent to it reaches the
   * account until a mailed link is followed.
   */
  async register(registration: Registration): Promise<UserRow> {
    const passwordHash = await hashPassword(registration.password);
    try {
      return await this.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`);
        const [user] = await tx
          .insert(users)
          .values({
            username: registration.username,
            passwordHash,
            name: registration.name,
            isCoach: registration.isCoach,
            // The first account on a server administers it.
            isAdmin: this.adminEmails.includes(registration.username)
              ? true
              : sql`NOT EXISTS (SELECT 1 FROM users)`,
          })
          .returning();
        if (!registration.emailToken) return user!;
        return (await confirmBySignUp(tx, registration.emailToken, user!))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        // An athlete a coach invited has an account but no password yet: "sign in" cannot help.
        const [existing] = await this.db
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.username, registration.username));
        if (existing && !hasUsablePassword(existing.passwordHash)) {
          throw conflict(INVITED_ACCOUNT_MESSAGE);
        }
        throw conflict('An account with this email already exists. Sign in instead.');
      }
      throw error;
    }
  }

  /** The user whose credentials these are; one answer for unknown e-mail and wrong password. */
  async authenticate(credentials: Credentials): Promise<UserRow> {
    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(users.username, credentials.username));
    const valid = await verifyPassword(user?.passwordHash, credentials.password);
    if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
    // Said only to whoever knows the password: it is theirs to know.
    if (user.disabledAt) throw forbidden(ADMIN_DISABLED_MESSAGE);
    return user;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === UNIQUE_VIOLATION;
}
