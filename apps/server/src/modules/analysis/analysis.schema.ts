import type {
  AnalysisRangeStatus,
  AthleteReading,
  CoachingPoint,
  MetricSeries,
  PlayerDetection,
} from '@filmroom/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * A video's analysis: the scan's progress while it runs, then what the coach engine wrote.
 * The measurements themselves (tracks) live beside the video's files as scan.json.gz.
 */
export const analyses = pgTable(
  'analyses',
  {
    videoId: uuid('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['scanning', 'analysing', 'ready', 'failed'] })
      .notNull()
      .default('scanning'),
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    scanKey: text('scan_key'),
    /** What the scan was made from (see scan-source.ts): another video of the same source reuses it. */
    scanSource: text('scan_source'),
    textAnalysis: text('text_analysis'),
    overallFeedback: text('overall_feedback'),
    coachingPoints: jsonb('coaching_points').$type<CoachingPoint[]>(),
    playerDetections: jsonb('player_detections').$type<PlayerDetection[]>(),
    keyMetric: jsonb('key_metric').$type<MetricSeries>(),
    /** Each athlete's movement, key moments and metric records. */
    athletes: jsonb('athletes').$type<AthleteReading[]>(),
    /** Whose wording the text is: the measurements' own, or a language model's. */
    source: text('source', { enum: ['measurements', 'model'] }),
    instructions: text('instructions'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analyses_scan_source_idx').on(table.scanSource)],
);

export type AnalysisRow = typeof analyses.$inferSelect;

/**
 * A part of a long video chosen for analysis: its own scan job, progress and results. The
 * results' times are on the video's timeline; each coaching point and detection names the range.
 */
export const analysisRanges = pgTable(
  'analysis_ranges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
    status: text('status').$type<AnalysisRangeStatus>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    textAnalysis: text('text_analysis'),
    overallFeedback: text('overall_feedback'),
    coachingPoints: jsonb('coaching_points').$type<(CoachingPoint & { rangeId: string })[]>(),
    playerDetections: jsonb('player_detections').$type<(PlayerDetection & { rangeId: string })[]>(),
    keyMetric: jsonb('key_metric').$type<MetricSeries>(),
    athletes: jsonb('athletes').$type<AthleteReading[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('analysis_ranges_video_id_idx').on(table.videoId, table.createdAt),
    check('analysis_ranges_order', sql`${table.endSeconds} > ${table.startSeconds}`),
  ],
);

export type AnalysisRangeRow = typeof analysisRanges.$inferSelect;
