import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

/**
 * What administrators did (the Admin area's audit log). The entry outlives both accounts: the
 * names are copied, and a deleted account's id is set to null.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    /** What it was done to, in words (an account's address, a job's kind and id). */
    target: text('target').notNull(),
    /** The outcome or any detail worth keeping (a test's answer, the videos deleted). */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_audit_log_created_idx').on(table.createdAt)],
);
