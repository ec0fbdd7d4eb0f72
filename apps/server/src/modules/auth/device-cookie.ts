import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection';
import { users } from '../../db/schema';
import { hasUsablePassword } from './password';

/**
 * A browser someone has signed in from before (OWASP, "Slow Down Online Guessing Attacks with
 * Device Cookies"): a cookie naming the account, issued at registration (which signs in), at
 * each successful sign-in and when a password is set from a mailed link. Attempts that carry
 * one for the address they try are throttled by that cookie alone, so failures from elsewhere
 * (an attacker trying the owner's address) never lock the owner out of a browser they use;
 * the cookie has its own lockout in case it is stolen.
 *
 * Signed with the account's password hash: a secret every API process reads from the same
 * database, with no key to configure, and changing the password retires every device cookie.
 */
export const DEVICE_COOKIE = 'filmroom_device';
const DEVICE_COOKIE_PATH = '/api/login';
const DEVICE_COOKIE_DAYS = 365;

export type TrustedDevice = { userId: string; nonce: string };

const signature = (passwordHash: string, userId: string, nonce: string) =>
  createHmac('sha256', passwordHash).update(`${userId}.${nonce}`).digest('base64url');

/** The cookie as sent, split into its parts; undefined when there is none or it is malformed. */
export function deviceCookieOf(
  request: FastifyRequest,
): (TrustedDevice & { signature: string }) | undefined {
  const value = request.cookies[DEVICE_COOKIE];
  const parts = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  return parts ? { userId: parts[1]!, nonce: parts[2]!, signature: parts[3]! } : undefined;
}

/**
 * The device, when the request carries a device cookie that this server signed for the
 * account `username` names; otherwise undefined (no cookie, another account's, forged, or
 * signed before the password last changed).
 */
export async function trustedDeviceFor(
  db: Database,
  request: FastifyRequest,
  username: string,
): Promise<TrustedDevice | undefined> {
  const cookie = deviceCookieOf(request);
  if (!cookie) return undefined;
  const [account] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, username));
  if (!account || account.id !== cookie.userId || !hasUsablePassword(account.passwordHash)) {
    return undefined;
  }
  const expected = Buffer.from(signature(account.passwordHash, account.id, cookie.nonce));
  const given = Buffer.from(cookie.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId: cookie.userId, nonce: cookie.nonce };
}

/** A new device cookie for the account just signed in to, sent only to the sign-in route. */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  account: { id: string; passwordHash: string },
) {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(
    DEVICE_COOKIE,
    `${account.id}.${nonce}.${signature(account.passwordHash, account.id, nonce)}`,
    {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    },
  );
}
