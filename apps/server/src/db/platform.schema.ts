// Tables no module owns: the rate limits' counters, shared by every API process (plugins/).

import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in and password-request counters, shared by every API process so a limit holds for the
 * whole deployment, not per process. A row's window restarts once it has ended.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
});
