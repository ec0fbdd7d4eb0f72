import { index, jsonb, pgTable, real, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * A person in a video named by hand (or marked as nobody known, with a null user): the detection
 * the coach clicked, so the name goes to whichever tracked person holds that box at that time,
 * in this detection and the next. Wins over a face match.
 */
export const playerIdentifications = pgTable(
  'player_identifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    timestamp: real('timestamp').notNull(),
    /** [x, y, width, height] as fractions of the frame, as the detection had it. */
    box: jsonb('box').$type<[number, number, number, number]>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    namedBy: uuid('named_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('player_identifications_video_idx').on(table.videoId, table.createdAt)],
);
