import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The e-mail address, stored trimmed and lower-cased so comparisons ignore case. */
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  isCoach: boolean('is_coach').notNull().default(false),
  playerNumber: integer('player_number'),
  /** Standing height in whole centimetres, for calibrating measurements (issue 32). */
  heightCm: integer('height_cm'),
  avatarUrl: text('avatar_url'),
  /**
   * When a link mailed to `username` was followed (confirmation, invitation, password reset).
   * Until then the account signs in, but nothing addressed to its e-mail (shares, roster
   * invitations) reaches it: typing an address proves nothing.
   */
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Administers the server (the Admin area): the first account made on it, and those
   * ADMIN_EMAILS names (see modules/access/administrators.ts).
   */
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Set by an administrator: the account's sessions ended then and it cannot sign in. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The last request of any of its sessions, written at most once a minute. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
});

/** The jersey colours athletes choose from; seeded from the vision package's named colours. */
export const jerseyColors = pgTable('jersey_colors', {
  id: integer('id').primaryKey(),
  color: text('color').notNull().unique(),
  /** How the app shows the colour, as a CSS hex colour. */
  swatch: text('swatch').notNull(),
});

export const userJerseyColors = pgTable(
  'user_jersey_colors',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => jerseyColors.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.colorId] })],
);

/** Profile photos, with the face found in each, so players in videos can be recognised. */
export const userPhotos = pgTable(
  'user_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blobKey: text('blob_key').notNull(),
    /** The face embedding of the photo's main face; null when no face was found. */
    faceEmbedding: real('face_embedding').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_photos_user_created_idx').on(table.userId, table.createdAt)],
);

export type UserRow = typeof users.$inferSelect;

export type UserPhotoRow = typeof userPhotos.$inferSelect;
