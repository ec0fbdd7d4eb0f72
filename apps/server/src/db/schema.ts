import { DEFAULT_DISPLAY_SECONDS } from '@filmroom/contract';
import type {
  AnalysisRangeStatus,
  AthleteReading,
  CoachingPoint,
  Drawing,
  ExportOverlay,
  ExportStatus,
  MeasurementCalibration,
  MeasurementSubject,
  MetricSeries,
  MovementId,
  NotificationEmail,
  NotificationKind,
  PlayerDetection,
  Reaction,
  SentimentLabel,
} from '@filmroom/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  type AnyPgColumn,
  timestamp,
  unique,
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
   * ADMIN_EMAILS names (see modules/admin/admin-access.ts).
   */
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Set by an administrator: the account's sessions ended then and it cannot sign in. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The last request of any of its sessions, written at most once a minute. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list's order (newest first, id breaking ties) for one owner: a page is a walk along it.
    index('videos_owner_created_id_idx').on(table.ownerId, table.createdAt, table.id),
    // Spec §2: search matches any part of the title, any case (ILIKE '%q%'), which a b-tree
    // cannot serve; trigrams (pg_trgm, shipped with PostgreSQL) can.
    index('videos_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
  ],
);

/** A video shared by e-mail. The address may belong to no account yet. */
export const videoShares = pgTable(
  'video_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    sharedWithEmail: text('shared_with_email').notNull(),
    accessLevel: text('access_level', { enum: ['view', 'edit'] }).notNull(),
    sharedById: uuid('shared_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('video_shares_video_email_unique').on(table.videoId, table.sharedWithEmail),
    index('video_shares_email_idx').on(table.sharedWithEmail),
  ],
);

/** A coach's roster: removing a link leaves the athlete's account alone. */
export const coachStudents = pgTable(
  'coach_students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * What this coach calls the athlete, when it differs from the name on their account: a
     * coach edits their own list, never another person's account.
     */
    displayName: text('display_name'),
    /**
     * The athlete's answer: until `accepted` the coach sees only the address they typed (no
     * name, no photos, no face matching); `declined` stays so the coach learns the answer.
     */
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('coach_students_pair_unique').on(table.coachId, table.studentId),
    index('coach_students_student_id_idx').on(table.studentId),
  ],
);

/**
 * Single-use links mailed to an address that prove whoever follows them reads its mail:
 * confirming a new account's address, a share to an address with no confirmed account (signing
 * up through it confirms the new account), and answering a coach's roster invitation. Only a
 * hash of the token is kept.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The address the link was mailed to, lower-cased like usernames. */
    email: text('email').notNull(),
    /**
     * `confirm`: a new account's own link (bound to `userId`); `address`: a share to an address
     * with no confirmed account (proves the address, never hands over an account it did not
     * make); `roster`: answers a coach's invitation.
     */
    purpose: text('purpose', { enum: ['confirm', 'address', 'roster'] }).notNull(),
    /** For `confirm`: the account that signed up with the address. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For `roster`: the invitation the link answers. */
    coachStudentId: uuid('coach_student_id').references(() => coachStudents.id, {
      onDelete: 'cascade',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_links_email_idx').on(table.email)],
);

/**
 * Single-use links that set a password: "Forgot your password?" and invitations to athletes
 * a coach added. Only a hash of the token is kept, so this table cannot be turned into links.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invitation'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Kept after use, so a second click is told "already used" rather than "not valid". */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_tokens_user_id_idx').on(table.userId)],
);

/**
 * Mail that was not sent because no SMTP relay is configured, shown in the Mail outbox of the
 * confirmed account it is addressed to (and, later, to the server's operator). Password-reset
 * mail is never kept here: it goes to the server log only.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Whose action caused the message (never shown it: it may hold the recipient's links); null
     * for a password link someone asked for themselves, which only administrators see.
     */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'invitation',
        'roster',
        'share',
        'confirmation',
        'notification',
        'digest',
        'password-reset',
      ],
    }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mail_outbox_sender_created_idx').on(table.senderId, table.createdAt),
    index('mail_outbox_recipient_created_idx').on(table.recipient, table.createdAt),
  ],
);

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

/**
 * The AI Coach conversations: one per video and per person, never shown to anyone else. A
 * question is kept when it arrives; an answer only once it is complete.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_video_user_created_idx').on(table.videoId, table.userId, table.createdAt),
  ],
);

/**
 * Sign-in and password-request counters, shared by every API process so a limit holds for the
 * whole deployment, not per process. A row's window restarts once it has ended.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
});

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
export type UserRow = typeof users.$inferSelect;
export type AnnotationRow = typeof annotations.$inferSelect;
export type UserPhotoRow = typeof userPhotos.$inferSelect;
export type AnalysisRow = typeof analyses.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;
export type VideoShareRow = typeof videoShares.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type PasswordTokenRow = typeof passwordTokens.$inferSelect;
export type CoachStudentRow = typeof coachStudents.$inferSelect;
export type EmailLinkRow = typeof emailLinks.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ClipRow = typeof clips.$inferSelect;
export type PlaylistRow = typeof playlists.$inferSelect;

/**
 * Something that happened for one person (issue 18 item 2): the bell's list. Only ids are kept,
 * never a title or a note's text: those are read when it is listed, by the recipient's access
 * then, so a notification never shows what its recipient may no longer see.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Whose action it was; null for the server's own news (an analysis finished). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    /** The playlist shared with them (playlist-shared); gone with the playlist. */
    playlistId: uuid('playlist_id').references(() => playlists.id, { onDelete: 'cascade' }),
    /** The note it is about; for a reply, the note replied to. */
    annotationId: uuid('annotation_id').references(() => annotations.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => annotations.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When it went out by mail (on its own, in a digest, or as the share mail itself). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/** Each person's choice of mail about their notifications; no row means the default. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').$type<NotificationEmail>().notNull(),
  /** When their last digest went out: the next one holds what came after. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
});

/**
 * Keys the server signs with, made once by whichever process needs one first and shared by
 * every process through the database (the unsubscribe links in mail).
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  key: text('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * What administrators did (the Admin area's audit log). The entry outlives both accounts: the
 * names are copied, and a deleted account's id is set to null.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    /** What it was done to, in words (an account's address, a job's kind and id). */
    target: text('target').notNull(),
    /** The outcome or any detail worth keeping (a test's answer, the videos deleted). */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_audit_log_created_idx').on(table.createdAt)],
);

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
