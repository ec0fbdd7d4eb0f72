import { z } from 'zod';

/** What happened, as the bell and the mail name it (issue 18). */
export const notificationKindSchema = z.enum([
  'video-shared',
  'note-added',
  'reply-added',
  'reaction-added',
  'analysis-ready',
  'analysis-failed',
  'invitation-accepted',
  'playlist-shared',
  'roster-invitation',
]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * One notification as its recipient sees it. Titles and note text are read when it is listed,
 * never kept from when it was made: whatever the recipient may no longer see is not shown.
 */
export const notificationSchema = z
  .object({
    id: z.string().uuid(),
    kind: notificationKindSchema,
    /** Whose action it was; null for the server's own news (an analysis finished). */
    actor: z.object({ name: z.string() }).nullable(),
    video: z.object({ id: z.string().uuid(), title: z.string() }).nullable(),
    /** The playlist shared with the recipient (playlist-shared). */
    playlist: z.object({ id: z.string().uuid(), title: z.string() }).nullable(),
    /** The note it is about (for a reply: the note replied to) and where it sits. */
    annotation: z
      .object({
        id: z.string().uuid(),
        timestamp: z.number().describe('Seconds'),
        excerpt: z.string().describe('The start of the note, or of the reply, as text'),
      })
      .nullable(),
    replyId: z.string().uuid().nullable(),
    summary: z.string().describe('What happened, in one sentence (as the mail says it)'),
    /** The exact place in the app: the video at the note's time, the thread opened. */
    link: z.string(),
    read: z.boolean(),
    createdAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z
  .object({
    unreadCount: z.number().int().nonnegative(),
    notifications: z.array(notificationSchema).describe('Newest first, at most 50'),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationParamsSchema = z.object({
  id: z.string().uuid({ error: 'Notification id must be a UUID' }),
});

/** `each`: a mail per notification; `digest`: one a day with what is unread; `off`: none. */
export const notificationEmailSchema = z.enum(['each', 'digest', 'off'], {
  error: 'email must be each, digest or off',
});
export type NotificationEmail = z.infer<typeof notificationEmailSchema>;

export const notificationSettingsSchema = z
  .object({ email: notificationEmailSchema })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The signed token of an unsubscribe link: it works without signing in. */
export const unsubscribeBodySchema = z
  .object({
    token: z
      .string({ error: 'token is required' })
      .min(1, 'token is required')
      .max(200, 'token must be at most 200 characters'),
  })
  .meta({ id: 'UnsubscribeBody' });

export const unsubscribeQuerySchema = z.object({
  token: z.string().max(200, 'token must be at most 200 characters').optional(),
});

/** Sent on the event stream to the recipient alone: their notifications changed. */
export const notificationsChangedEventSchema = z
  .object({ unreadCount: z.number().int().nonnegative() })
  .meta({ id: 'NotificationsChangedEvent' });
export type NotificationsChangedEvent = z.infer<typeof notificationsChangedEventSchema>;
