import type { ExportOverlay, ExportStatus } from '@filmroom/contract';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clips, playlists } from '../clips/clips.schema';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * An export of a video's range with overlays burned in (issue 17). The file lives in the blob
 * store under the video's prefix until `expires_at`, then the sweep removes file and row; a
 * deleted video takes its exports with it. `owner_id` is who asked for it (their list, their
 * fair share of the job queue); who may download is decided by the video's access.
 */
export const videoExports = pgTable(
  'video_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A video's or a clip's export goes with its video; a playlist's (many videos) has none.
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceKind: text('source_kind').$type<ExportSourceKind>().notNull().default('video'),
    // Kept when the clip or playlist goes (set null): the export is then gone to everyone and the
    // sweep removes its file, which a cascade would leave behind.
    clipId: uuid('clip_id').references(() => clips.id, { onDelete: 'set null' }),
    playlistId: uuid('playlist_id').references(() => playlists.id, { onDelete: 'set null' }),
    /** The ranges rendered one after another, fixed when the export is asked for. */
    segments: jsonb('segments').$type<ExportSegment[]>().notNull().default([]),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
    overlays: text('overlays').array().$type<ExportOverlay[]>().notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('video_exports_owner_created_idx').on(table.ownerId, table.createdAt),
    index('video_exports_expires_at_idx').on(table.expiresAt),
    index('video_exports_video_id_idx').on(table.videoId),
    index('video_exports_clip_id_idx').on(table.clipId),
    index('video_exports_playlist_id_idx').on(table.playlistId),
  ],
);

export type ExportSourceKind = 'video' | 'clip' | 'playlist';

/** A range of one video within an export. */
export type ExportSegment = { videoId: string; start: number; end: number };

export type VideoExportRow = typeof videoExports.$inferSelect;
