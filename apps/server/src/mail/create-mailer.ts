import type pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import type { Log } from '../lib/logger';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { RecipientLimitedMailer } from './recipient-limits';
import { SmtpMailer } from './smtp-mailer';

/**
 * The process's mailer: SMTP when a relay is configured, otherwise the outbox administrators
 * read; either way behind the per-recipient limits.
 */
export function createMailer(
  mail: Config['mail'],
  database: { db: Database; pool: pg.Pool },
  log: Log,
): Mailer {
  const mailer = mail.smtpUrl
    ? new SmtpMailer({ smtpUrl: mail.smtpUrl, from: mail.from }, log)
    : new OutboxMailer(database.db, log);
  return new RecipientLimitedMailer(mailer, database.pool, log);
}
