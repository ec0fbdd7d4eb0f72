import type { Transporter } from 'nodemailer';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Log } from '../lib/logger';
import type { Mailer, MailMessage } from './mailer';

// A relay that is briefly away (restarting, greylisting) gets two more tries.
const RETRY_DELAYS_MS = [2_000, 15_000];

/** Real mail through the relay at SMTP_URL (smtp:// with STARTTLS when offered, or smtps://). */
export class SmtpMailer implements Mailer {
  readonly delivery = 'smtp' as const;
  // nodemailer is loaded only by a server that sends mail: most of its memory is idle otherwise.
  private readonly transport: Promise<Transporter>;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly settings: { smtpUrl: string; from: string },
    private readonly log: Log,
    private readonly retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {
    this.transport = import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: settings.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
  }

  async send(message: MailMessage): Promise<void> {
    const delivery = this.deliver(message).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  private async deliver(message: MailMessage): Promise<void> {
    // The body holds links that open accounts: it is never logged, only who and what.
    const about = { kind: message.kind, to: message.to, subject: message.subject };
    for (let attempt = 0; ; attempt += 1) {
      try {
        await (
          await this.transport
        ).sendMail({
          from: this.settings.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.unsubscribeUrl
            ? {
                headers: {
                  'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              }
            : {}),
        });
        this.log.info({ mail: about }, 'mail sent');
        return;
      } catch (error) {
        const delay = this.retryDelaysMs[attempt];
        if (delay === undefined) {
          this.log.error({ err: error, mail: about }, 'mail could not be sent');
          return;
        }
        this.log.warn({ err: error, mail: about, retryInMs: delay }, 'mail not sent yet; retrying');
        await sleep(delay);
      }
    }
  }

  async verify(): Promise<void> {
    await (await this.transport).verify();
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  async close(): Promise<void> {
    await this.idle();
    (await this.transport).close();
  }
}
