import { FORGOT_PASSWORD_MESSAGE, PASSWORD_LINK_MESSAGES } from '@filmroom/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerAccount, sessionCookieFrom, uniqueEmail } from '../../../test/accounts';
import { listenToEvents } from '../../../test/http-client';
import { linkIn, startSmtpPeer } from '../../../test/smtp-peer';
import { useTestApp } from '../../../test/test-app';
import { mailOutbox, passwordTokens } from '../../db/schema';
import { DEVICE_COOKIE } from './device-cookie';

const ORIGIN = 'https://film.example.org';
const peer = await startSmtpPeer();
afterAll(() => peer.close());
const ctx = useTestApp({ SMTP_URL: peer.url, PUBLIC_ORIGIN: ORIGIN });

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

const forgot = (email: string) => post('/api/forgot-password', { email });
const RESET_SUBJECT = /^Set a new FilmRoom password$/;
const tokenFrom = (link: string) => new URL(link).searchParams.get('token')!;

async function resetLinkFor(email: string) {
  const response = await forgot(email);
  expect(response.statusCode).toBe(200);
  return linkIn(await peer.mailTo(email, RESET_SUBJECT), `${ORIGIN}/reset-password?token=`);
}

describe('POST /api/forgot-password', () => {
  it('mails a one-hour link to the account, and says the same for an unknown e-mail', async () => {
    const account = await registerAccount(ctx.app);
    const unknown = uniqueEmail('nobody');
    const [forUnknown, forKnown] = [
      await forgot(unknown),
      await forgot(` ${account.username.toUpperCase()} `),
    ];
    for (const response of [forUnknown, forKnown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE, delivery: 'smtp' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }

    const mail = await peer.mailTo(account.username, RESET_SUBJECT);
    expect(mail.subject).toBe('Set a new FilmRoom password');
    expect(mail.text).toContain('works once and for 1 hour');
    const link = linkIn(mail, `${ORIGIN}/reset-password?token=`);
    expect(tokenFrom(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await ctx.runtime.deps.mailer.idle();
    expect(JSON.stringify(peer.received.map((m) => m.to))).not.toContain(unknown);

    // Only the token's hash is stored, and it lives an hour.
    const [row] = await ctx.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, account.user.id));
    expect(row!.tokenHash).not.toContain(tokenFrom(link));
    expect(row!.purpose).toBe('reset');
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    // Nothing of it is kept in any outbox.
    expect(await ctx.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('answers before any work for the account, so timing does not tell known from unknown', async () => {
    const account = await registerAccount(ctx.app);
    const time = async (email: string) => {
      const started = performance.now();
      await forgot(email);
      return performance.now() - started;
    };
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(await time(account.username));
      unknown.push(await time(uniqueEmail('nobody')));
    }
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
    await ctx.runtime.deps.mailer.idle();
  });

  it('refuses a missing or malformed e-mail with 400', async () => {
    const missing = await post('/api/forgot-password', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Email is required' });
    const bad = await forgot('not-an-email');
    expect(bad.json()).toEqual({ message: 'Email must be a valid e-mail address' });
  });
});

describe('POST /api/reset-password', () => {
  it('sets the password once, ends every session and signs this browser in', async () => {
    const account = await registerAccount(ctx.app);
    const otherDevice = sessionCookieFrom(
      await post('/api/login', { username: account.username, password: PASSWORD }),
    );
    const link = await resetLinkFor(account.username);

    const reset = await post('/api/reset-password', {
      token: tokenFrom(link),
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    // The link reached the address, which proves it: the account is confirmed from now on.
    expect(account.user.emailConfirmed).toBe(false);
    expect(reset.json()).toEqual({ ...account.user, emailConfirmed: true });
    const cookie = sessionCookieFrom(reset);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    for (const old of [account.cookie, otherDevice]) {
      expect(
        (await ctx.app.inject({ url: '/api/user', headers: { cookie: old } })).statusCode,
      ).toBe(401);
    }
    const oldPassword = await post('/api/login', {
      username: account.username,
      password: PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post('/api/login', {
      username: account.username,
      password: 'a brand new password',
    });
    expect(newPassword.statusCode).toBe(200);

    const again = await post('/api/reset-password', {
      token: tokenFrom(link),
      password: 'yet another password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: PASSWORD_LINK_MESSAGES.used });
  });

  it("ends the other devices' live events, and gives this browser a device cookie", async () => {
    const account = await registerAccount(ctx.app);
    const origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const elsewhere = await listenToEvents(origin, account.cookie);
    let ended = false;
    void elsewhere.ended.then(() => (ended = true));
    const link = await resetLinkFor(account.username);
    expect(ended).toBe(false);

    const reset = await post('/api/reset-password', {
      token: tokenFrom(link),
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    await elsewhere.ended; // the stream of a session that no longer exists is closed

    const device = reset.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });
    // Signed for the new password: it counts as a browser the owner signed in from.
    expect(device!.value.startsWith(`${account.user.id}.`)).toBe(true);
  });

  it('voids the other links waiting for the account once one is used', async () => {
    const account = await registerAccount(ctx.app);
    const first = tokenFrom(await resetLinkFor(account.username));
    peer.received.length = 0;
    const second = tokenFrom(await resetLinkFor(account.username));
    expect(second).not.toBe(first);
    const used = await post('/api/reset-password', { token: second, password: 'second password' });
    expect(used.statusCode).toBe(200);
    const stale = await post('/api/reset-password', { token: first, password: 'first password' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: PASSWORD_LINK_MESSAGES.expired });
  });

  it('refuses an expired or unknown link, and a weak password, with 400 and a clear message', async () => {
    const account = await registerAccount(ctx.app);
    const token = tokenFrom(await resetLinkFor(account.username));
    await ctx.database.db.execute(
      sql`update password_tokens set expires_at = now() - interval '1 second' where user_id = ${account.user.id}`,
    );
    const expired = await post('/api/reset-password', { token, password: 'long enough' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: PASSWORD_LINK_MESSAGES.expired });

    const unknown = await post('/api/reset-password', {
      token: 'x'.repeat(43),
      password: 'long enough',
    });
    expect(unknown.json()).toEqual({ message: PASSWORD_LINK_MESSAGES.unknown });

    const weak = await post('/api/reset-password', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: 'Password must be at least 8 characters' });
    const noToken = await post('/api/reset-password', { password: 'long enough' });
    expect(noToken.json()).toEqual({
      message: 'The link is missing its token. Open the link from the email again.',
    });
    // The expired link did not change the password.
    const login = await post('/api/login', { username: account.username, password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });
});

describe('password requests are rate-limited like sign-in', () => {
  const limited = useTestApp({
    AUTH_RATE_LIMIT_PER_USERNAME: '2',
    AUTH_RATE_LIMIT_PER_IP: '100',
  });

  it('answers 429 once one e-mail has asked too often, even one with no account', async () => {
    const email = uniqueEmail('flood');
    const ask = () =>
      limited.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const third = await ask();
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(
      /^Too many password requests for this account\. Try again in/,
    );
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
  });
});
