import type { MovementId } from '@filmroom/contract';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    /** The file as uploaded; kept so a failed preparation can be retried. */
    originalKey: text('original_key').notNull(),
    originalType: text('original_type').notNull(),
    originalBytes: bigint('original_bytes', { mode: 'number' }).notNull(),
    /** The H.264/AAC MP4 every browser plays; set when preparation succeeds. */
    mediaKey: text('media_key'),
    posterKey: text('poster_key'),
    thumbnailKey: text('thumbnail_key'),
    /** The HLS master playlist; null for videos prepared before adaptive streaming (MP4 only). */
    streamKey: text('stream_key'),
    /** The storyboard's WebVTT (scrub previews); null with streamKey. */
    storyboardKey: text('storyboard_key'),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    duration: doublePrecision('duration'),
    width: integer('width'),
    height: integer('height'),
    /** The movement the uploader or an editor chose to coach; null recognises it. */
    movement: text('movement').$type<MovementId>(),
    /** Slow-motion footage plays this many times slower than life; null is real time. */
    slowMotionFactor: doublePrecision('slow_motion_factor'),
    /** Who set the factor: the file's metadata (`container`) or an editor (`coach`). */
    slowMotionSource: text('slow_motion_source', { enum: ['container', 'coach'] }),
    /**
     * What the prepared files were made from: the original's bytes, the limits and the code that
     * prepares (modules/media/prepared-source.ts). Another upload of the same file copies them.
     */
    preparedFrom: text('prepared_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list's order (newest first, id breaking ties) for one owner: a page is a walk along it.
    index('videos_owner_created_id_idx').on(table.ownerId, table.createdAt, table.id),
    // Spec §2: search matches any part of the title, any case (ILIKE '%q%'), which a b-tree
    // cannot serve; trigrams (pg_trgm, shipped with PostgreSQL) can.
    index('videos_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('videos_prepared_from_idx').on(table.preparedFrom),
  ],
);

export type VideoRow = typeof videos.$inferSelect;

/**
 * The declared size of a resumable upload not yet finished, counted against its owner's quota
 * from its creation, so parallel uploads cannot together outgrow it. Gone when the upload
 * finishes, is cancelled or refused; past `expiresAt` (when the sweep removes the upload's
 * bytes) it no longer counts.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    // The tus upload's id.
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('upload_reservations_owner_id_idx').on(table.ownerId, table.expiresAt)],
);
