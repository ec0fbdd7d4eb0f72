import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * A titled range of a video, owned by whoever made it. It goes with its video (counted on the
 * playlists it was in by a trigger, see migration 0014) and with its owner.
 */
export const clips = pgTable(
  'clips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startTime: doublePrecision('start_time').notNull(),
    endTime: doublePrecision('end_time').notNull(),
    /** Bytes of the cut of the current range, once made: counted to the clip's owner's quota. */
    cutBytes: bigint('cut_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'clips_range_check',
      sql`${table.endTime} > ${table.startTime} AND ${table.startTime} >= 0`,
    ),
    index('clips_owner_created_idx').on(table.ownerId, table.createdAt),
    index('clips_video_id_idx').on(table.videoId),
  ],
);

/** An ordered list of its owner's clips; `removedClips` counts those that went with a video. */
export const playlists = pgTable(
  'playlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    removedClips: integer('removed_clips').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('playlists_owner_updated_idx').on(table.ownerId, table.updatedAt)],
);

export const playlistItems = pgTable(
  'playlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    clipId: uuid('clip_id')
      .notNull()
      .references(() => clips.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('playlist_items_playlist_clip_unique').on(table.playlistId, table.clipId),
    index('playlist_items_playlist_position_idx').on(table.playlistId, table.position),
    index('playlist_items_clip_id_idx').on(table.clipId),
  ],
);

/** A playlist shared by e-mail at view level: it reaches the address once it is confirmed. */
export const playlistShares = pgTable(
  'playlist_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    sharedWithEmail: text('shared_with_email').notNull(),
    sharedById: uuid('shared_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('playlist_shares_playlist_email_unique').on(table.playlistId, table.sharedWithEmail),
    index('playlist_shares_email_idx').on(table.sharedWithEmail),
  ],
);

export type ClipRow = typeof clips.$inferSelect;

export type PlaylistRow = typeof playlists.$inferSelect;
