import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/** A video shared by e-mail. The address may belong to no account yet. */
export const videoShares = pgTable(
  'video_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    sharedWithEmail: text('shared_with_email').notNull(),
    accessLevel: text('access_level', { enum: ['view', 'edit'] }).notNull(),
    sharedById: uuid('shared_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('video_shares_video_email_unique').on(table.videoId, table.sharedWithEmail),
    index('video_shares_email_idx').on(table.sharedWithEmail),
  ],
);

export type VideoShareRow = typeof videoShares.$inferSelect;
