import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams } from '../teams/teams.schema';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/** A button of a code window, stored as the contract writes it. */
type StoredTagButton = {
  name: string;
  colour: string;
  hotkey: string | null;
  leadSeconds: number;
  lagSeconds: number;
  mode: 'instant' | 'toggled';
};

type StoredTagLabelGroup = { name: string; labels: { text: string; hotkey: string | null }[] };

type StoredTagRatioSide = { code: string; label: string | null };

type StoredTagRatio = {
  name: string;
  numerator: StoredTagRatioSide;
  denominator: StoredTagRatioSide;
};

/**
 * A coach's code window for tagging game film (issue 31): its owner changes it; shared with one
 * of the owner's teams, its members read and copy it. A team gone leaves it unshared.
 */
export const tagTemplates = pgTable(
  'tag_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sport: text('sport').notNull(),
    buttons: jsonb('buttons').$type<StoredTagButton[]>().notNull(),
    labelGroups: jsonb('label_groups').$type<StoredTagLabelGroup[]>().notNull(),
    periods: jsonb('periods').$type<string[]>().notNull(),
    /** Derived numbers shown in the matrix ("FG%" = made shots over shots). */
    ratios: jsonb('ratios').$type<StoredTagRatio[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tag_templates_owner_idx').on(table.ownerId, table.updatedAt),
    index('tag_templates_team_idx').on(table.teamId),
  ],
);

export type TagTemplateRow = typeof tagTemplates.$inferSelect;

/**
 * Something tagged in a video: its type (`code`), in and out, labels, player and period. It
 * goes with its video; its author and player leaving keep the event, nameless.
 */
export const tagEvents = pgTable(
  'tag_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    colour: text('colour').notNull(),
    startTime: doublePrecision('start_time').notNull(),
    endTime: doublePrecision('end_time').notNull(),
    leadSeconds: doublePrecision('lead_seconds').notNull().default(0),
    lagSeconds: doublePrecision('lag_seconds').notNull().default(0),
    labels: jsonb('labels').$type<{ group: string; text: string }[]>().notNull(),
    playerId: uuid('player_id').references(() => users.id, { onDelete: 'set null' }),
    period: text('period'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'tag_events_range_check',
      sql`${table.endTime} >= ${table.startTime} AND ${table.startTime} >= 0`,
    ),
    index('tag_events_video_start_idx').on(table.videoId, table.startTime),
    index('tag_events_player_idx').on(table.playerId),
  ],
);

export type TagEventRow = typeof tagEvents.$inferSelect;

/**
 * What an editor decided about a suggested event (issue 31): accepted (into the event it made)
 * or dismissed. Suggestions themselves are worked out from the analyses on every read, so a
 * re-analysis is followed at once; only the decisions are kept, by the suggestion's id (a hash of
 * where it came from: the analysis or range, the tracked person, the key event and its time) and
 * by what was decided (below).
 */
export const tagSuggestionDecisions = pgTable(
  'tag_suggestion_decisions',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    suggestionId: uuid('suggestion_id').notNull(),
    decision: text('decision', { enum: ['accepted', 'dismissed'] }).notNull(),
    /** The event an accepted suggestion became; kept decided if the event is later deleted. */
    eventId: uuid('event_id').references(() => tagEvents.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What was decided, so the decision keeps to the action when a re-analysis moves its moment
     * a little (and so changes its id): which kind of analysis found it, the movement's key
     * event, the athlete (a roster id, else the name the reading gave) and its time. Null on
     * decisions made before these were kept, which match by id alone.
     */
    source: text('source', { enum: ['video', 'range'] }),
    movement: text('movement'),
    event: text('event'),
    athlete: text('athlete'),
    t: doublePrecision('t'),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.suggestionId] })],
);
