import type { NotificationList, NotificationSettings } from '@filmroom/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/connection';
import { notifications, notificationSettings, type UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import { VideoEvents } from '../events';
import { countUnread, loadNotificationViews } from './notification-views';
import { DEFAULT_NOTIFICATION_EMAIL } from './notifier';
import type { UnsubscribeLinks } from './unsubscribe-links';

const LIST_LIMIT = 50;

const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid: copy the whole link from the email, or choose in Settings';

/**
 * A person's own notifications and their choice of mail. Nobody reaches another person's: a
 * notification that is not theirs is "not found".
 */
export class NotificationService {
  constructor(
    private readonly db: Database,
    private readonly pool: pg.Pool,
    private readonly unsubscribeLinks: UnsubscribeLinks,
  ) {}

  async list(user: UserRow): Promise<NotificationList> {
    const [views, unreadCount] = await Promise.all([
      loadNotificationViews(this.db, user, undefined, LIST_LIMIT),
      countUnread(this.db, user),
    ]);
    return { unreadCount, notifications: views };
  }

  async markRead(user: UserRow, id: string): Promise<NotificationList> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.userId, user.id),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    if (!row) {
      // Read already, or not theirs at all: only the latter is an error.
      const [mine] = await this.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, user.id)));
      if (!mine) throw notFound('Notification not found');
    }
    return this.changed(user);
  }

  async markAllRead(user: UserRow): Promise<NotificationList> {
    await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
    return this.changed(user);
  }

  async settings(user: UserRow): Promise<NotificationSettings> {
    const [row] = await this.db
      .select({ email: notificationSettings.email })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user.id));
    return { email: row?.email ?? DEFAULT_NOTIFICATION_EMAIL };
  }

  async saveSettings(user: UserRow, settings: NotificationSettings): Promise<NotificationSettings> {
    await this.setEmail(user.id, settings.email);
    return settings;
  }

  /** Turns the mail off for the account the link was signed for; no sign-in needed. */
  async unsubscribe(token: string | undefined): Promise<void> {
    if (!token) throw badRequest('token is required');
    const userId = await this.unsubscribeLinks.userOf(token);
    if (!userId) throw badRequest(INVALID_UNSUBSCRIBE_LINK);
    await this.setEmail(userId, 'off');
  }

  private async setEmail(userId: string, email: NotificationSettings['email']) {
    // The account may be gone since the mail was sent: then there is nothing to turn off.
    await this.db.execute(
      sql`insert into ${notificationSettings} (user_id, email)
          select id, ${email} from users where id = ${userId}
          on conflict (user_id) do update set email = excluded.email`,
    );
  }

  /** The list after a change, and the user's other open pages told of it. */
  private async changed(user: UserRow): Promise<NotificationList> {
    const list = await this.list(user);
    await VideoEvents.publishNotificationsChanged(this.pool, user.id, list.unreadCount);
    return list;
  }
}
