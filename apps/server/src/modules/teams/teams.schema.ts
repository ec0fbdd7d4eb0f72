import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { playlists } from '../clips/clips.schema';
import { users } from '../users/users.schema';
import { videos } from '../videos/videos.schema';

/**
 * A coach's team (issue 18): a name, a sport and optional colours. Its members are athletes of
 * the coach's roster; a team reaches a member only while their roster link stays accepted.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sport: text('sport').notNull(),
    /** `#rrggbb`, or null for none. */
    primaryColor: text('primary_color'),
    secondaryColor: text('secondary_color'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('teams_coach_id_idx').on(table.coachId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_id_idx').on(table.userId),
  ],
);

/** A video shared with a team: it reaches each member, at its level, while they are members. */
export const teamVideoShares = pgTable(
  'team_video_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    accessLevel: text('access_level', { enum: ['view', 'edit'] }).notNull(),
    sharedById: uuid('shared_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('team_video_shares_team_video_unique').on(table.teamId, table.videoId),
    index('team_video_shares_video_id_idx').on(table.videoId),
  ],
);

/** A playlist shared with a team, at view level as every playlist share. */
export const teamPlaylistShares = pgTable(
  'team_playlist_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    sharedById: uuid('shared_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('team_playlist_shares_team_playlist_unique').on(table.teamId, table.playlistId),
    index('team_playlist_shares_playlist_id_idx').on(table.playlistId),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
