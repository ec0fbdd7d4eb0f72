import {
  INVALID_CREDENTIALS_MESSAGE,
  type loginBodySchema,
  type registerBodySchema,
} from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/connection';
import { users, type UserRow } from '../../db/schema';
import { conflict, unauthorized } from '../../lib/http-errors';
import { confirmBySignUp } from './email-confirmation';
import { hashPassword, hasUsablePassword, verifyPassword } from './password';

type Registration = z.output<typeof registerBodySchema>;
type Credentials = z.output<typeof loginBodySchema>;

const UNIQUE_VIOLATION = '23505';

export const INVITED_ACCOUNT_MESSAGE =
  'You were invited with this email. Use the link in your invitation email, or "Forgot your password?" to get a new one.';

export class AuthService {
  constructor(private readonly db: Database) {}

  /**
   * A new account, unconfirmed unless it signs up through a link mailed to its address
   * (`emailToken`): typing an address proves nothing, so nothing sent to it reaches the
   * account until a mailed link is followed.
   */
  async register(registration: Registration): Promise<UserRow> {
    const passwordHash = await hashPassword(registration.password);
    try {
      return await this.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username: registration.username,
            passwordHash,
            name: registration.name,
            isCoach: registration.isCoach,
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
    return user;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === UNIQUE_VIOLATION;
}
