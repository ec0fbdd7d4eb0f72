// Every table, for drizzle and drizzle-kit (drizzle.config.ts reads this file): each module owns
// its tables' definitions in its own *.schema.ts; this file only gathers them, so code anywhere
// may keep importing a table or a row type from here.
export * from './platform.schema';
export * from '../modules/admin/admin.schema';
export * from '../modules/analysis/analysis.schema';
export * from '../modules/annotations/annotations.schema';
export * from '../modules/auth/auth.schema';
export * from '../modules/chat/chat.schema';
export * from '../modules/clips/clips.schema';
export * from '../modules/coach/coach.schema';
export * from '../modules/mail/mail.schema';
export * from '../modules/measurements/measurements.schema';
export * from '../modules/notifications/notifications.schema';
export * from '../modules/players/players.schema';
export * from '../modules/shares/shares.schema';
export * from '../modules/tagging/tagging.schema';
export * from '../modules/teams/teams.schema';
export * from '../modules/users/users.schema';
export * from '../modules/video-exports/video-exports.schema';
export * from '../modules/videos/videos.schema';
