import type pg from 'pg';
import type { Log } from '../lib/logger';
import { countHit } from '../plugins/rate-limit-store';
import type { Mailer, MailKind, MailMessage } from './mailer';

/**
 * Mail one address may get of each kind in an hour, however many people send it: the per-sender
 * limit (MAIL_SENDS_PER_HOUR) stops one account mailing the world, this stops a hundred accounts
 * mailing one person. Confirmation and password mail have their own limits per form and address.
 */
export const RECIPIENT_MAILS_PER_HOUR: Partial<Record<MailKind, number>> = {
  share: 10,
  invitation: 5,
  roster: 5,
  notification: 20,
};
const HOUR_MS = 60 * 60_000;

/** A mailer that drops, and logs, mail beyond an address's hourly share of its kind. */
export class RecipientLimitedMailer implements Mailer {
  /** The relay's check, when there is a relay (the Admin area's test). */
  readonly verify?: () => Promise<void>;

  constructor(
    private readonly inner: Mailer,
    private readonly pool: pg.Pool,
    private readonly log: Log,
  ) {
    this.verify = inner.verify?.bind(inner);
  }

  get delivery() {
    return this.inner.delivery;
  }

  async send(message: MailMessage): Promise<void> {
    const limit = RECIPIENT_MAILS_PER_HOUR[message.kind];
    if (limit !== undefined) {
      const key = `mail-to:${message.kind}:${message.to.trim().toLowerCase()}`;
      const { current } = await countHit(this.pool, key, HOUR_MS);
      if (current > limit) {
        this.log.warn(
          { mail: { kind: message.kind, to: message.to }, limit },
          'mail not sent: this address has had its hourly share of this kind',
        );
        return;
      }
    }
    await this.inner.send(message);
  }

  idle(): Promise<void> {
    return this.inner.idle();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
