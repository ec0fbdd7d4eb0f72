import { randomBytes } from 'node:crypto';
import type { User } from '@filmroom/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { mailOutbox, type MailOutboxRow } from '../src/db/schema';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** The `name=value` pair of the session cookie set by a response, ready to send back. */
export function sessionCookieFrom(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((c) => c.name === 'filmroom_session');
  if (!cookie) throw new Error('the response set no session cookie');
  return `filmroom_session=${cookie.value}`;
}

/** The link of the newest kept mail to `to` of this kind (outbox mode: no SMTP_URL). */
export async function keptLink(app: App, to: string, kind: MailOutboxRow['kind'], path: string) {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail && new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.body)?.[1];
  if (!token) throw new Error(`no kept ${kind} mail to ${to} with a ${path} link`);
  return token;
}

/** Follows the confirmation link mailed to a new account, as its owner would. */
async function confirmAccount(app: App, username: string) {
  const token = await keptLink(app, username, 'confirmation', '/confirm-email');
  const response = await app.inject({
    method: 'POST',
    url: '/api/confirm-email',
    payload: { token },
  });
  if (response.statusCode !== 200) {
    throw new Error(`confirming failed: ${response.statusCode} ${response.body}`);
  }
}

/**
 * A new account, signed in. In outbox mode (no SMTP_URL) its address is confirmed through the
 * mailed link unless `confirmed: false`: most tests are about people who own their address.
 * With a relay the link is in the SMTP peer's hands, so the account stays unconfirmed.
 */
export async function registerAccount(
  app: App,
  overrides: Partial<{
    username: string;
    password: string;
    name: string;
    isCoach: boolean;
    confirmed: boolean;
  }> = {},
) {
  const { confirmed = app.mailer.delivery === 'outbox', ...fields } = overrides;
  const body = {
    username: uniqueEmail(),
    password: PASSWORD,
    name: 'Alex Morgan',
    isCoach: false,
    ...fields,
  };
  const response = await app.inject({ method: 'POST', url: '/api/register', payload: body });
  if (response.statusCode !== 201) {
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  }
  const user = response.json<User>();
  if (confirmed) await confirmAccount(app, body.username);
  return {
    user: { ...user, emailConfirmed: confirmed },
    cookie: sessionCookieFrom(response),
    ...body,
  };
}
