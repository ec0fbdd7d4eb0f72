import { and, eq, isNull, sql } from 'drizzle-orm';
import { notifications, users } from '../../db/schema';
import type { JobDefinition } from '../../jobs/queue';
import { heldNotificationsMail, notificationMail } from '../../mail/messages';
import { loadNotificationViews } from './notification-views';
import { MAIL_COALESCE_MINUTES, mailLinks, type NotifierDependencies } from './notifier';

// News older than this that was never mailed (the server was down) is left to the bell.
const HELD_FOR_AT_MOST = '1 day';
const HELD_LIMIT = 50;

/**
 * Mails what was held back: for each person who gets a mail per notification and each video
 * whose window has closed, the unread news not yet mailed in one message. What was read in the
 * meantime needs no mail. Returns how many messages were sent.
 */
export async function sendHeldMail(deps: NotifierDependencies): Promise<number> {
  const { db } = deps;
  const held = await db.execute<{ user_id: string; video_id: string }>(sql`
    SELECT DISTINCT n.user_id, n.video_id
    FROM notifications n
    LEFT JOIN notification_settings s ON s.user_id = n.user_id
    WHERE n.mailed_at IS NULL AND n.read_at IS NULL AND n.video_id IS NOT NULL
      AND n.created_at > now() - interval '${sql.raw(HELD_FOR_AT_MOST)}'
      AND coalesce(s.email, 'each') = 'each'
      AND NOT EXISTS (
        SELECT 1 FROM notifications m
        WHERE m.user_id = n.user_id AND m.video_id = n.video_id
          AND m.mailed_at > now() - ${MAIL_COALESCE_MINUTES} * interval '1 minute'
      )`);
  let sent = 0;
  for (const { user_id: userId, video_id: videoId } of held.rows) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) continue;
    const waiting = and(
      eq(notifications.videoId, videoId),
      isNull(notifications.readAt),
      isNull(notifications.mailedAt),
    );
    // Mail only to a proven address (see Notifier.mail).
    const views = user.emailConfirmedAt
      ? await loadNotificationViews(db, user, waiting, HELD_LIMIT)
      : [];
    const links = await mailLinks(deps, user.id);
    const [first] = views;
    if (first) {
      await deps.mailer.send(
        views.length === 1
          ? notificationMail({
              to: user.username,
              senderId: user.id,
              summary: first.summary,
              excerpt: first.annotation?.excerpt || null,
              link: `${deps.origin}${first.link}`,
              links,
            })
          : heldNotificationsMail({
              to: user.username,
              userId: user.id,
              videoTitle: first.video?.title ?? 'a video',
              kinds: views.map((view) => view.kind),
              items: views.map((view) => ({
                summary: view.summary,
                excerpt: view.annotation?.excerpt || null,
                link: `${deps.origin}${view.link}`,
              })),
              links,
            }),
      );
      sent += 1;
    }
    // What could not be mailed (access ended, an unproven address) is settled too: it stays
    // on the bell, and is not looked at again every minute.
    await db
      .update(notifications)
      .set({ mailedAt: new Date() })
      .where(and(eq(notifications.userId, userId), waiting));
  }
  return sent;
}

/** notifications.held-mail: every minute, once for the whole cluster. */
export function heldMailJob(deps: NotifierDependencies): JobDefinition<'notifications.held-mail'> {
  return {
    name: 'notifications.held-mail',
    schedule: '* * * * *',
    expireInSeconds: 5 * 60,
    retryLimit: 1,
    concurrency: 1,
    handle: async () => {
      const sent = await sendHeldMail(deps);
      if (sent > 0) deps.log.info({ sent }, 'sent the held notification mail');
    },
  };
}
