import type { NotificationEmail, NotificationKind } from '@filmroom/contract';
import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/connection';
import {
  annotations,
  notifications,
  notificationSettings,
  users,
  videos,
  type UserRow,
} from '../../db/schema';
import type { Log } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import { notificationMail } from '../../mail/messages';
import { holdsPermission } from '../access';
import { VideoEvents } from '../events';
import { countUnread, loadNotificationViews } from './notification-views';
import type { UnsubscribeLinks } from './unsubscribe-links';

/**
 * After a notification mail about a video, more news about the same video waits this long and
 * then goes out as one message ("5 new replies on …"): a lively thread, or forty replies from
 * one viewer, is one mail every quarter of an hour at most, never one per reply.
 */
export const MAIL_COALESCE_MINUTES = 15;
/** Without a row of their own, a person gets a mail for each notification. */
export const DEFAULT_NOTIFICATION_EMAIL: NotificationEmail = 'each';

type NewNotification = {
  kind: NotificationKind;
  /** Whose action it was (never notified of it); null for the server's own news. */
  actorId: string | null;
  videoId?: string;
  playlistId?: string;
  annotationId?: string;
  replyId?: string;
};

export type NotifierDependencies = {
  db: Database;
  pool: pg.Pool;
  mailer: Mailer;
  log: Log;
  unsubscribeLinks: UnsubscribeLinks;
  /** Where links in mail point: PUBLIC_ORIGIN, else this server's own address. */
  origin: string;
};

/** The links every notification mail carries, for one recipient. */
export async function mailLinks(deps: NotifierDependencies, userId: string) {
  const token = encodeURIComponent(await deps.unsubscribeLinks.tokenFor(userId));
  return {
    notifications: `${deps.origin}/notifications`,
    settings: `${deps.origin}/settings`,
    unsubscribe: `${deps.origin}/unsubscribe?token=${token}`,
    oneClickUnsubscribe: `${deps.origin}/api/notifications/unsubscribe?token=${token}`,
  };
}

/** Whether this person had a notification mail about this video within the window. */
async function mailedAboutRecently(
  db: Database,
  userId: string,
  videoId: string,
): Promise<boolean> {
  const [recent] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.videoId, videoId),
        gt(notifications.mailedAt, sql`now() - ${MAIL_COALESCE_MINUTES} * interval '1 minute'`),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/**
 * Makes notifications when something happens for someone. The modules where things happen
 * (shares, annotations, analysis, coach) call it; it calls none of them back, reading the rows
 * it needs from the shared schema, so the module graph stays a tree (eslint.config.js). Who is
 * told is decided here, by the recipient's access at that moment; what they are shown is
 * decided again whenever they list them (notification-views.ts).
 *
 * Telling people comes after the action it is about and never undoes it: a failure is logged.
 */
export class Notifier {
  constructor(private readonly deps: NotifierDependencies) {}

  /**
   * A video was shared with these accounts (by address, or through a team). `mailed`: the share
   * mail already told them, so no notification mail repeats it.
   */
  async videoShared(
    sharerId: string,
    videoId: string,
    recipientIds: string[],
    options: { mailed?: boolean } = {},
  ): Promise<void> {
    // Sharing again what was shared before (a team share removed and re-added) is not news:
    // whoever was told of this video once is not told, nor mailed, again.
    await this.tell(
      { kind: 'video-shared', actorId: sharerId, videoId },
      await this.notToldYet(
        recipientIds,
        and(eq(notifications.kind, 'video-shared'), eq(notifications.videoId, videoId)),
      ),
      options,
    );
  }

  /** A new note on a video: its owner hears of it. */
  async noteAdded(authorId: string, note: { id: string; videoId: string }): Promise<void> {
    await this.tell(
      { kind: 'note-added', actorId: authorId, videoId: note.videoId, annotationId: note.id },
      await this.ownerOf(note.videoId),
    );
  }

  /** A reply: the video's owner and everyone in the thread (the note's author, who replied). */
  async replyAdded(
    authorId: string,
    reply: { id: string; videoId: string; parentId: string },
  ): Promise<void> {
    const thread = await this.deps.db
      .selectDistinct({ userId: annotations.userId })
      .from(annotations)
      .where(or(eq(annotations.id, reply.parentId), eq(annotations.parentId, reply.parentId)));
    await this.tell(
      {
        kind: 'reply-added',
        actorId: authorId,
        videoId: reply.videoId,
        annotationId: reply.parentId,
        replyId: reply.id,
      },
      [...(await this.ownerOf(reply.videoId)), ...thread.map((row) => row.userId)],
    );
  }

  /** A reaction given (not taken back) to a note or a reply: its author hears of it, once. */
  async reactionGiven(
    reactorId: string,
    target: { id: string; videoId: string; parentId: string | null; userId: string },
  ): Promise<void> {
    const about = target.parentId
      ? { annotationId: target.parentId, replyId: target.id }
      : { annotationId: target.id };
    // Taking a reaction back and giving it again is not news twice.
    const [known] = await this.deps.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, target.userId),
          eq(notifications.kind, 'reaction-added'),
          eq(notifications.actorId, reactorId),
          eq(notifications.annotationId, about.annotationId),
          about.replyId ? eq(notifications.replyId, about.replyId) : isNull(notifications.replyId),
        ),
      )
      .limit(1);
    if (known) return;
    await this.tell(
      { kind: 'reaction-added', actorId: reactorId, videoId: target.videoId, ...about },
      [target.userId],
    );
  }

  /** The analysis job finished, or gave up: the video's owner hears of it. */
  async analysisFinished(videoId: string, outcome: 'ready' | 'failed'): Promise<void> {
    await this.tell(
      { kind: outcome === 'ready' ? 'analysis-ready' : 'analysis-failed', actorId: null, videoId },
      await this.ownerOf(videoId),
    );
  }

  /** An athlete accepted a coach's invitation to their athletes. */
  async invitationAccepted(athleteId: string, coachId: string): Promise<void> {
    await this.tell({ kind: 'invitation-accepted', actorId: athleteId }, [coachId]);
  }

  /**
   * A playlist was shared with these accounts (by address, or through a team). As with videos,
   * whoever was told of this playlist once is not told again.
   */
  async playlistShared(sharerId: string, playlistId: string, recipientIds: string[]) {
    await this.tell(
      { kind: 'playlist-shared', actorId: sharerId, playlistId },
      await this.notToldYet(
        recipientIds,
        and(eq(notifications.kind, 'playlist-shared'), eq(notifications.playlistId, playlistId)),
      ),
    );
  }

  /** Those of `recipientIds` who have no notification matching `about` yet. */
  private async notToldYet(recipientIds: string[], about: SQL | undefined): Promise<string[]> {
    if (recipientIds.length === 0) return [];
    const told = await this.deps.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(about, inArray(notifications.userId, recipientIds)));
    const toldIds = new Set(told.map((row) => row.userId));
    return recipientIds.filter((id) => !toldIds.has(id));
  }

  /**
   * A coach asked an athlete who has an account to join their athletes. The invitation mail
   * went out already, so only the bell rings.
   */
  async rosterInvitation(coachId: string, athleteId: string): Promise<void> {
    await this.tell({ kind: 'roster-invitation', actorId: coachId }, [athleteId], {
      mailed: true,
    });
  }

  private async ownerOf(videoId: string): Promise<string[]> {
    const [video] = await this.deps.db
      .select({ ownerId: videos.ownerId })
      .from(videos)
      .where(eq(videos.id, videoId));
    return video ? [video.ownerId] : [];
  }

  private async tell(
    event: NewNotification,
    recipientIds: string[],
    options: { mailed?: boolean } = {},
  ): Promise<void> {
    try {
      await this.notify(event, recipientIds, options);
    } catch (error) {
      this.deps.log.warn({ err: error, kind: event.kind }, 'could not notify');
    }
  }

  private async notify(
    event: NewNotification,
    recipientIds: string[],
    { mailed = false }: { mailed?: boolean },
  ): Promise<void> {
    const { db } = this.deps;
    // Never told of one's own action.
    const ids = [...new Set(recipientIds)].filter((id) => id !== event.actorId);
    if (ids.length === 0) return;
    const people = await db
      .select({ user: users, email: notificationSettings.email })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(inArray(users.id, ids));
    for (const { user, email } of people) {
      // Nobody hears of a video they may not see (a note on a video shared with others).
      if (event.videoId && !(await holdsPermission(db, user, 'video.read', event.videoId))) {
        continue;
      }
      const [row] = await db
        .insert(notifications)
        .values({ ...event, userId: user.id, mailedAt: mailed ? new Date() : null })
        .returning();
      // More news about a video mailed of lately waits for the held-mail sweep, which sends it
      // together (held-mail.ts): forty replies are not forty mails.
      if (
        !mailed &&
        (email ?? DEFAULT_NOTIFICATION_EMAIL) === 'each' &&
        !(event.videoId && (await mailedAboutRecently(db, user.id, event.videoId)))
      ) {
        await this.mail(user, row!.id, event.actorId ?? user.id);
      }
      await VideoEvents.publishNotificationsChanged(
        this.deps.pool,
        user.id,
        await countUnread(db, user),
      );
    }
  }

  /**
   * Mails one notification. Only to a proven address: anyone can sign up with any address,
   * and the mail about that account's activity must not reach a stranger's inbox.
   */
  private async mail(user: UserRow, notificationId: string, senderId: string): Promise<void> {
    if (!user.emailConfirmedAt) return;
    const [view] = await loadNotificationViews(
      this.deps.db,
      user,
      eq(notifications.id, notificationId),
      1,
    );
    if (!view) return;
    await this.deps.mailer.send(
      notificationMail({
        to: user.username,
        senderId,
        summary: view.summary,
        excerpt: view.annotation?.excerpt || null,
        link: `${this.deps.origin}${view.link}`,
        links: await mailLinks(this.deps, user.id),
      }),
    );
    await this.deps.db
      .update(notifications)
      .set({ mailedAt: new Date() })
      .where(eq(notifications.id, notificationId));
  }
}
