import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { coachStudents } from '../coach/coach.schema';
import { users } from '../users/users.schema';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Single-use links mailed to an address that prove whoever follows them reads its mail:
 * confirming a new account's address, a share to an address with no confirmed account (signing
 * up through it confirms the new account), and answering a coach's roster invitation. Only a
 * hash of the token is kept.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The address the link was mailed to, lower-cased like usernames. */
    email: text('email').notNull(),
    /**
     * `confirm`: a new account's own link (bound to `userId`); `address`: a share to an address
     * with no confirmed account (proves the address, never hands over an account it did not
     * make); `roster`: answers a coach's invitation.
     */
    purpose: text('purpose', { enum: ['confirm', 'address', 'roster'] }).notNull(),
    /** For `confirm`: the account that signed up with the address. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For `roster`: the invitation the link answers. */
    coachStudentId: uuid('coach_student_id').references(() => coachStudents.id, {
      onDelete: 'cascade',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_links_email_idx').on(table.email)],
);

/**
 * Single-use links that set a password: "Forgot your password?" and invitations to athletes
 * a coach added. Only a hash of the token is kept, so this table cannot be turned into links.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invitation'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Kept after use, so a second click is told "already used" rather than "not valid". */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_tokens_user_id_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

export type PasswordTokenRow = typeof passwordTokens.$inferSelect;

export type EmailLinkRow = typeof emailLinks.$inferSelect;
