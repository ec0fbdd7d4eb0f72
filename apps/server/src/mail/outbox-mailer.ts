import type { OutboxMessage } from '@filmroom/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { mailOutbox, type MailOutboxRow, type UserRow } from '../db/schema';
import type { Log } from '../lib/logger';
import type { Mailer, MailMessage } from './mailer';

/**
 * Without an SMTP relay (a laptop, a first try) mail is written to the log, and kept for the
 * Mail outbox of the confirmed account it is addressed to. Links in mail open accounts and
 * prove addresses, so mail is never shown to whoever caused it (a coach must not claim the
 * invitation they sent) nor to an account whose address is unproven (anyone can type an
 * address). Until an address is confirmed its links reach their owner through whoever runs
 * the server: every kept message is in the Admin area's mail page. Password-reset mail is
 * shown there only, never in anyone's own outbox.
 */
export class OutboxMailer implements Mailer {
  readonly delivery = 'outbox' as const;

  constructor(
    private readonly db: Database,
    private readonly log: Log,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.log.info(
      {
        mail: { kind: message.kind, to: message.to, subject: message.subject, text: message.text },
      },
      'mail not sent (SMTP_URL is not set); here it is',
    );
    await this.db.insert(mailOutbox).values({
      senderId: message.senderId,
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
    });
  }

  async idle(): Promise<void> {}

  async close(): Promise<void> {}
}

/** Links into the app in a kept message: their origin is whatever the sender's request said. */
const APP_LINK =
  /\bhttps?:\/\/[^\s/]+(?=\/(?:confirm-email|roster-invitation|reset-password|videos\/|athletes|notifications|settings|unsubscribe)\S*)/g;

/**
 * The newest kept messages addressed to this user, once their address is confirmed: theirs to
 * see, nobody else's. Their own confirmation mail is done with by then and left out. Without
 * PUBLIC_ORIGIN a link was built from the sender's Host header, which the sender controls: the
 * reader sees it pointing at the origin they use themselves (`readerOrigin`), never at a site
 * a sender named to collect the tokens in it.
 */
export async function listOutboxOf(
  db: Database,
  user: UserRow,
  readerOrigin: string,
): Promise<OutboxMessage[]> {
  if (!user.emailConfirmedAt) return [];
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.recipient, user.username),
        notInArray(mailOutbox.kind, ['confirmation', 'password-reset']),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(50);
  return rows.map((row) => toOutboxMessage(row, readerOrigin));
}

/**
 * Every kept message, newest first: the Admin area's mail page, where whoever runs the server
 * finds the links of people whose mail could not be sent.
 */
export async function listAllOutbox(
  db: Database,
  readerOrigin: string,
  limit: number,
): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => toOutboxMessage(row, readerOrigin));
}

function toOutboxMessage(row: MailOutboxRow, readerOrigin: string): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    text: row.body.replace(APP_LINK, readerOrigin),
    createdAt: row.createdAt.toISOString(),
  };
}
