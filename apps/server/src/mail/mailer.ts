// What sending mail means, for the modules that send it and for each way of sending: the
// implementations import this file and nothing here imports them (create-mailer.ts chooses one).

/** Mail-sending actions (shares, students added) one account may take per hour. */
export const MAIL_SENDS_PER_HOUR = 100;

export type MailKind =
  'invitation' | 'roster' | 'share' | 'confirmation' | 'password-reset' | 'notification' | 'digest';

export type MailMessage = {
  to: string;
  subject: string;
  /** Plain text only: nothing a name or title holds can turn into markup in someone's inbox. */
  text: string;
  kind: MailKind;
  /**
   * Whose action caused the message; null for mail that must reach its recipient only
   * (password resets), which the outbox keeps for administrators alone.
   */
  senderId: string | null;
  /**
   * For mail a person may turn off (notifications): where a POST turns it off at once, for the
   * List-Unsubscribe header (RFC 8058 one-click) beside the link in the text.
   */
  unsubscribeUrl?: string;
};

export interface Mailer {
  readonly delivery: 'smtp' | 'outbox';
  /**
   * Hands a message over. Returns once it is queued (SMTP, sent in the background so a slow
   * relay never slows a request) or kept (outbox). Never rejects because a relay is down.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Opens a connection to the relay and says hello (the Admin area's test); rejects with what
   * went wrong. Without a relay there is nothing to reach.
   */
  verify?(): Promise<void>;
  /** Resolves when every message handed over so far has been sent or has failed. */
  idle(): Promise<void>;
  close(): Promise<void>;
}
