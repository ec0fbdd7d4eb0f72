import type { OutboxMessage } from '@filmroom/contract';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { mailOutbox } from '../db/schema';
import type { Log } from '../lib/logger';
import type { Mailer, MailMessage } from './mailer';

/**
 * Without an SMTP relay (a laptop, a first try) mail is written to the log, and kept for the
 * Mail outbox of the person whose action caused it, so invitations still work: the coach
 * passes the link on. Password-reset mail has no sender and is never kept: whoever reads the
 * outbox must not find a way into someone else's account there.
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
    if (message.senderId === null || message.kind === 'password-reset') return;
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

/** The newest kept messages that this user's own actions caused: theirs to see, nobody else's. */
export async function listOutboxOf(db: Database, senderId: string): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.senderId, senderId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}
