import { DEFAULT_DISPLAY_SECONDS } from '@filmroom/contract';
import type { Drawing, Reaction, SentimentLabel } from '@filmroom/contract';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  type AnyPgColumn,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * A note pinned at a time and place on a video, or (with `parentId`) a reply to one. Replies
 * go with their annotation, and everything goes with the video; the voice note's file lives
 * under the video's blob prefix, so deleting the video removes it too.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => annotations.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    /** Seconds from the start of the video; a reply repeats its annotation's. */
    timestamp: doublePrecision('timestamp').notNull(),
    /** Percent of the picture's width and height. */
    xPosition: doublePrecision('x_position').notNull(),
    yPosition: doublePrecision('y_position').notNull(),
    audioKey: text('audio_key'),
    audioDuration: doublePrecision('audio_duration'),
    /** Computed from `content`; null when there is no text. */
    sentimentLabel: text('sentiment_label').$type<SentimentLabel>(),
    sentimentConfidence: doublePrecision('sentiment_confidence'),
    /** Shapes over the frame at `timestamp` (checked by the contract's drawingSchema). */
    drawing: jsonb('drawing').$type<Drawing>(),
    /** A range note's end (seconds); null for a single moment. Replies carry only `drawing`. */
    endTime: doublePrecision('end_time'),
    /** How long the drawing stays over the picture during playback. */
    displaySeconds: doublePrecision('display_seconds').notNull().default(DEFAULT_DISPLAY_SECONDS),
    /** Playback stops on the drawing when it reaches the note. */
    pauseHere: boolean('pause_here').notNull().default(false),
    /** When the note was marked dealt with, and by whom; null while it is open. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('annotations_video_timestamp_idx').on(table.videoId, table.timestamp),
    index('annotations_parent_id_idx').on(table.parentId),
  ],
);

/** One person's reaction to an annotation; each of the five emoji is given or taken back alone. */
export const annotationReactions = pgTable(
  'annotation_reactions',
  {
    annotationId: uuid('annotation_id')
      .notNull()
      .references(() => annotations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').$type<Reaction>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.annotationId, table.userId, table.reaction] })],
);

export type AnnotationRow = typeof annotations.$inferSelect;
