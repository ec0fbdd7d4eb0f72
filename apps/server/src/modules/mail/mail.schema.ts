import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';

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

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
