import { and, eq, inArray, isNull } from 'drizzle-orm';
import { notifications, notificationSettings, users } from '../../db/schema';
import type { JobDefinition } from '../../jobs/queue';
import { digestMail } from '../../mail/messages';
import { loadNotificationViews } from './notification-views';
import { mailLinks, type NotifierDependencies } from './notifier';

// Early morning in UTC: Europe's morning, the Americas' night before.
const DIGEST_CRON = '0 6 * * *';
// More than a day holds is left to the Notifications page.
const DIGEST_LIMIT = 50;

/**
 * Sends each person who chose the daily digest one message with what is unread and not yet
 * mailed since their last digest, as they may see it now. Returns how many were sent.
 */
export async function sendDigests(deps: NotifierDependencies, now = new Date()): Promise<number> {
  const { db } = deps;
  const readers = await db
    .select({ user: users })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(eq(notificationSettings.email, 'digest'));
  let sent = 0;
  for (const { user } of readers) {
    // Mail only to a proven address (see Notifier.mail).
    if (!user.emailConfirmedAt) continue;
    // Whatever an earlier digest (or its own mail) carried is marked mailed: so this is what
    // came since, and nothing is lost between reading and marking.
    const waiting = and(isNull(notifications.readAt), isNull(notifications.mailedAt));
    const views = await loadNotificationViews(db, user, waiting, DIGEST_LIMIT);
    if (views.length > 0) {
      await deps.mailer.send(
        digestMail({
          to: user.username,
          userId: user.id,
          items: views.map((view) => ({
            summary: view.summary,
            excerpt: view.annotation?.excerpt || null,
            link: `${deps.origin}${view.link}`,
          })),
          links: await mailLinks(deps, user.id),
        }),
      );
      sent += 1;
      await db
        .update(notifications)
        .set({ mailedAt: now })
        .where(
          inArray(
            notifications.id,
            views.map((view) => view.id),
          ),
        );
    }
    await db
      .update(notificationSettings)
      .set({ lastDigestAt: now })
      .where(eq(notificationSettings.userId, user.id));
  }
  return sent;
}

/** notifications.digest: run once a day by pg-boss's schedule, in one process of the cluster. */
export function digestJob(deps: NotifierDependencies): JobDefinition<'notifications.digest'> {
  return {
    name: 'notifications.digest',
    schedule: DIGEST_CRON,
    expireInSeconds: 30 * 60,
    retryLimit: 2,
    concurrency: 1,
    handle: async () => {
      const sent = await sendDigests(deps);
      deps.log.info({ sent }, 'sent the daily notification digests');
    },
  };
}
