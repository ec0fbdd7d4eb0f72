import type { Notification } from '@filmroom/contract';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection';
import {
  annotations,
  coachStudents,
  notifications,
  playlists,
  users,
  videos,
  type AnnotationRow,
  type NotificationRow,
  type UserRow,
} from '../../db/schema';
import { holdsPermission, playlistReaches } from '../access';
import { summaryOf } from './notification-text';

const actor = alias(users, 'actor');
const note = alias(annotations, 'note');
const reply = alias(annotations, 'reply');

const EXCERPT_LENGTH = 140;

type NoteText = Pick<AnnotationRow, 'content' | 'audioKey' | 'drawing'>;

/** A note or reply in a line of its own: its text, or what it holds when it has none. */
function excerptOf(annotation: NoteText): string {
  const text = annotation.content.replace(/\s+/g, ' ').trim();
  if (text) return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
  if (annotation.audioKey) return 'A voice note';
  return annotation.drawing ? 'A drawing' : '';
}

/** Where a notification takes its reader: the video at the note's time with the thread open. */
function linkOf(row: NotificationRow, timestamp: number | null): string {
  if (row.kind === 'invitation-accepted') return '/athletes';
  // Settings holds the invitations to answer (a banner above every page does too).
  if (row.kind === 'roster-invitation') return '/settings';
  if (row.kind === 'playlist-shared' && row.playlistId) return `/playlists/${row.playlistId}`;
  if (!row.videoId) return '/notifications';
  const query = new URLSearchParams();
  if (row.annotationId) query.set('note', row.annotationId);
  if (row.replyId) query.set('reply', row.replyId);
  if (timestamp !== null) query.set('t', String(Number(timestamp.toFixed(2))));
  const search = query.toString();
  return `/videos/${row.videoId}${search ? `?${search}` : ''}`;
}

/**
 * Whether each notification may still be shown to its recipient, decided now by the one access
 * rule: one about a video they can no longer see is left out (with its title and any note's
 * text), as is an accepted invitation whose athlete has since left their list.
 */
async function stillVisible<
  T extends Pick<NotificationRow, 'kind' | 'videoId' | 'actorId' | 'playlistId'>,
>(db: Database, user: UserRow, rows: T[]): Promise<T[]> {
  const videoIds = [...new Set(rows.flatMap((row) => (row.videoId ? [row.videoId] : [])))];
  const visible = new Set<string>();
  for (const videoId of videoIds) {
    if (await holdsPermission(db, user, 'video.read', videoId)) visible.add(videoId);
  }
  const athleteIds = rows.flatMap((row) =>
    row.kind === 'invitation-accepted' && row.actorId ? [row.actorId] : [],
  );
  const athletes =
    athleteIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ id: coachStudents.studentId })
              .from(coachStudents)
              .where(
                and(
                  eq(coachStudents.coachId, user.id),
                  eq(coachStudents.status, 'accepted'),
                  inArray(coachStudents.studentId, athleteIds),
                ),
              )
          ).map((row) => row.id),
        );
  const playlistIds = [...new Set(rows.flatMap((row) => (row.playlistId ? [row.playlistId] : [])))];
  const reachedPlaylists =
    playlistIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ id: playlists.id })
              .from(playlists)
              .where(
                and(inArray(playlists.id, playlistIds), playlistReaches(db, user, playlists.id)),
              )
          ).map((row) => row.id),
        );
  const invitingCoachIds = rows.flatMap((row) =>
    row.kind === 'roster-invitation' && row.actorId ? [row.actorId] : [],
  );
  const invitingCoaches =
    invitingCoachIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ id: coachStudents.coachId })
              .from(coachStudents)
              .where(
                and(
                  eq(coachStudents.studentId, user.id),
                  inArray(coachStudents.coachId, invitingCoachIds),
                ),
              )
          ).map((row) => row.id),
        );
  return rows.filter((row) => {
    switch (row.kind) {
      case 'invitation-accepted':
        return row.actorId !== null && athletes.has(row.actorId);
      // Only while the coach still has them on their list (pending, or answered since).
      case 'roster-invitation':
        return row.actorId !== null && invitingCoaches.has(row.actorId);
      // Only while the playlist is still shared with them.
      case 'playlist-shared':
        return row.playlistId !== null && reachedPlaylists.has(row.playlistId);
      default:
        return row.videoId === null || visible.has(row.videoId);
    }
  });
}

/** The user's notifications matching `where` that they may still see, as the API shows them. */
export async function loadNotificationViews(
  db: Database,
  user: UserRow,
  where: SQL | undefined,
  limit: number,
): Promise<Notification[]> {
  const rows = await db
    .select({
      notification: notifications,
      actorName: actor.name,
      videoTitle: videos.title,
      playlistTitle: playlists.title,
      note: { content: note.content, audioKey: note.audioKey, drawing: note.drawing },
      noteTimestamp: note.timestamp,
      reply: { content: reply.content, audioKey: reply.audioKey, drawing: reply.drawing },
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .leftJoin(videos, eq(videos.id, notifications.videoId))
    .leftJoin(playlists, eq(playlists.id, notifications.playlistId))
    .leftJoin(note, eq(note.id, notifications.annotationId))
    .leftJoin(reply, eq(reply.id, notifications.replyId))
    .where(and(eq(notifications.userId, user.id), where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const shown = await stillVisible(
    db,
    user,
    rows.map((row) => ({ ...row, ...row.notification })),
  );
  return shown
    .map((row) => {
      const n = row.notification;
      const about = n.replyId ? row.reply : row.note;
      return {
        id: n.id,
        kind: n.kind,
        actor: n.actorId && row.actorName !== null ? { name: row.actorName } : null,
        video:
          n.videoId && row.videoTitle !== null ? { id: n.videoId, title: row.videoTitle } : null,
        playlist:
          n.playlistId && row.playlistTitle !== null
            ? { id: n.playlistId, title: row.playlistTitle }
            : null,
        annotation:
          n.annotationId && row.noteTimestamp !== null && about
            ? { id: n.annotationId, timestamp: row.noteTimestamp, excerpt: excerptOf(about) }
            : null,
        replyId: n.replyId,
        link: linkOf(n, row.noteTimestamp),
        read: n.readAt !== null,
        createdAt: n.createdAt.toISOString(),
      } satisfies Omit<Notification, 'summary'>;
    })
    .map((view): Notification => ({ ...view, summary: summaryOf(view) }));
}

/** How many unread notifications the user may still see (the bell's count). */
export async function countUnread(db: Database, user: UserRow): Promise<number> {
  const rows = await db
    .select({
      kind: notifications.kind,
      videoId: notifications.videoId,
      actorId: notifications.actorId,
      playlistId: notifications.playlistId,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
  return (await stillVisible(db, user, rows)).length;
}
