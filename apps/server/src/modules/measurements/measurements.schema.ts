import type { MeasurementCalibration, MeasurementSubject } from '@filmroom/contract';
import { doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * Measurements on a video (issue 32): a calibration line and what is measured against it. The
 * numbers are worked out where they are shown, from the scan's poses and the stored track.
 */
export const measurements = pgTable(
  'measurements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Checked by the contract's measurementCalibrationSchema (a line or a ground plane); null: no real units. */
    calibration: jsonb('calibration').$type<MeasurementCalibration>(),
    slowMotionFactor: doublePrecision('slow_motion_factor'),
    /** Checked by the contract's measurementSubjectSchema. */
    subject: jsonb('subject').$type<MeasurementSubject>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('measurements_video_idx').on(table.videoId, table.createdAt)],
);

export type MeasurementRow = typeof measurements.$inferSelect;
