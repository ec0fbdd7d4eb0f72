import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * The AI Coach conversations: one per video and per person, never shown to anyone else. A
 * question is kept when it arrives; an answer only once it is complete.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_video_user_created_idx').on(table.videoId, table.userId, table.createdAt),
  ],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;
