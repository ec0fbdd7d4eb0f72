import type { NotificationEmail, NotificationKind } from '@filmroom/contract';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { annotations } from '../annotations/annotations.schema';
import { playlists } from '../clips/clips.schema';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * Something that happened for one person (issue 18 item 2): the bell's list. Only ids are kept,
 * never a title or a note's text: those are read when it is listed, by the recipient's access
 * then, so a notification never shows what its recipient may no longer see.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Whose action it was; null for the server's own news (an analysis finished). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    /** The playlist shared with them (playlist-shared); gone with the playlist. */
    playlistId: uuid('playlist_id').references(() => playlists.id, { onDelete: 'cascade' }),
    /** The note it is about; for a reply, the note replied to. */
    annotationId: uuid('annotation_id').references(() => annotations.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => annotations.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When it went out by mail (on its own, in a digest, or as the share mail itself). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/** Each person's choice of mail about their notifications; no row means the default. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').$type<NotificationEmail>().notNull(),
  /** When their last digest went out: the next one holds what came after. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
});

/**
 * Keys the server signs with, made once by whichever process needs one first and shared by
 * every process through the database (the unsubscribe links in mail).
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  key: text('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;
