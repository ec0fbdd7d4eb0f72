import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAccount, uniqueEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { users } from '../../db/schema';
import { DEVICE_COOKIE } from './device-cookie';
import { hashPassword } from './password';

describe('sign-in rate limits, per e-mail', () => {
  const ctx = useTestApp({ AUTH_RATE_LIMIT_PER_USERNAME: '3', AUTH_RATE_LIMIT_PER_IP: '100' });

  it('answers 429 with Retry-After once one account has had too many attempts', async () => {
    const account = await registerAccount(ctx.app);
    const attempt = (username: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'wrong password' },
        remoteAddress,
      });

    // Registration counted as the account's first attempt; two more wrong ones are allowed.
    expect((await attempt(account.username, '10.0.0.1')).statusCode).toBe(401);
    expect((await attempt(account.username.toUpperCase(), '10.0.0.2')).statusCode).toBe(401);
    const limited = await attempt(account.username, '10.0.0.3');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(
      /^Too many sign-in attempts for this account\. Try again in \d+ minutes?\.$/,
    );

    // Even the right password waits: that is what stops guessing.
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: account.username, password: PASSWORD },
    });
    expect(right.statusCode).toBe(429);

    // Other accounts are unaffected.
    const other = await attempt(uniqueEmail(), '10.0.0.4');
    expect(other.statusCode).toBe(401);
  });
});

describe('sign-in rate limits, per address', () => {
  const ctx = useTestApp({ AUTH_RATE_LIMIT_PER_IP: '4', AUTH_RATE_LIMIT_PER_USERNAME: '100' });

  it('answers 429 to rapid wrong logins from one address, across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: uniqueEmail(), password: 'wrong password' },
        remoteAddress: '192.0.2.7',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.json().message).toMatch(/^Too many sign-in attempts from this network\./);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);

    // Registration shares the budget; another address is unaffected.
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: uniqueEmail(), password: PASSWORD, name: 'A' },
      remoteAddress: '192.0.2.7',
    });
    expect(register.statusCode).toBe(429);
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: uniqueEmail(), password: PASSWORD, name: 'A' },
      remoteAddress: '198.51.100.1',
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('new accounts, per network', () => {
  const ctx = useTestApp({ REGISTRATIONS_PER_NETWORK_PER_HOUR: '3' });
  const register = (remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: uniqueEmail(), password: PASSWORD, name: 'New Person' },
      remoteAddress,
    });

  it('opens only so many accounts an hour from one network, and says so; others are unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await register('192.0.2.30')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await register('192.0.2.30');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().message).toMatch(
      /^Too many new accounts from this network\. Try again in \d+ minutes\.$/,
    );
    expect((await register('198.51.100.30')).statusCode).toBe(201);
  });
});

describe('sign-in rate limits across API processes', () => {
  const ctx = useTestApp({ AUTH_RATE_LIMIT_PER_IP: '100', AUTH_RATE_LIMIT_PER_USERNAME: '4' });

  it('count the attempts made through every process together', async () => {
    // A second API process: its own app and memory, the same database.
    const other = await buildApp(ctx.runtime.deps);
    try {
      const username = uniqueEmail('spread');
      const attempt = (app: typeof other) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username, password: 'wrong password' },
        });
      const statuses = [];
      for (const app of [ctx.app, other, ctx.app, other, ctx.app, other]) {
        statuses.push((await attempt(app)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await other.close();
    }
  });
});

describe('sign-in from a browser the account has signed in from before (device cookie)', () => {
  const ctx = useTestApp({ AUTH_RATE_LIMIT_PER_IP: '30', AUTH_RATE_LIMIT_PER_USERNAME: '10' });

  const login = (
    username: string,
    password: string,
    options: { device?: string; remoteAddress?: string } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress: options.remoteAddress ?? '198.51.100.20',
      headers: options.device ? { cookie: `${DEVICE_COOKIE}=${options.device}` } : {},
    });
  const deviceCookieFrom = (response: Awaited<ReturnType<typeof login>>) => {
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    if (!cookie) throw new Error('no device cookie');
    return cookie;
  };

  it('knows the browser an account was registered in, before its first sign-in', async () => {
    const username = uniqueEmail('newcomer');
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, password: PASSWORD, name: 'New Comer', isCoach: false },
      remoteAddress: '198.51.100.21',
    });
    expect(registered.statusCode).toBe(201);
    const browser = deviceCookieFrom(registered);
    expect(browser).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });

    // Others use up the address's attempts.
    for (let i = 0; i < 40; i += 1) {
      await login(username, `guess ${i}`, { remoteAddress: `203.0.113.${20 + (i % 10)}` });
    }
    expect((await login(username, PASSWORD)).statusCode).toBe(429);
    // The browser that made the account still gets in.
    const back = await login(username, PASSWORD, { device: browser.value });
    expect(back.statusCode).toBe(200);
  });

  it("lets the owner in from their browser after an attacker's 1,000 failures", async () => {
    const owner = await registerAccount(ctx.app);
    // Two browsers the owner signs in from: a laptop and a phone.
    const first = await login(owner.username, PASSWORD, { remoteAddress: '198.51.100.20' });
    expect(first.statusCode).toBe(200);
    const laptop = deviceCookieFrom(first);
    expect(laptop).toMatchObject({
      path: '/api/login',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 365 * 24 * 60 * 60,
    });
    const phone = deviceCookieFrom(await login(owner.username, PASSWORD)).value;
    expect(phone).not.toBe(laptop.value);

    // 1,000 wrong passwords for the owner's address from ten networks, some with forged or
    // stolen-looking cookies.
    const attacker = await registerAccount(ctx.app);
    const attackersOwnDevice = deviceCookieFrom(await login(attacker.username, PASSWORD)).value;
    const forged = `${laptop.value.slice(0, -4)}AAAA`;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      const device = [undefined, forged, attackersOwnDevice][i % 3];
      const response = await login(owner.username, `guess ${i}`, {
        device,
        remoteAddress: `203.0.113.${i % 10}`,
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    expect(statuses.get(401)).toBeLessThanOrEqual(10);

    // A new browser, even with the right password, is slowed down: the guessing is stopped.
    const newBrowser = await login(owner.username, PASSWORD);
    expect(newBrowser.statusCode).toBe(429);
    expect(newBrowser.json().message).toMatch(/^Too many sign-in attempts for this account\./);
    expect((await login(owner.username, PASSWORD, { device: forged })).statusCode).toBe(429);

    // The owner's own browsers are not, even from a network the attacker used up.
    const fromLaptop = await login(owner.username, PASSWORD, {
      device: laptop.value,
      remoteAddress: '203.0.113.3',
    });
    expect(fromLaptop.statusCode).toBe(200);
    expect(fromLaptop.json().username).toBe(owner.username);
    expect(deviceCookieFrom(fromLaptop).value).not.toBe(laptop.value);
    expect((await login(owner.username, PASSWORD, { device: phone })).statusCode).toBe(200);
    // An account's cookie is no pass for another account.
    expect((await login(owner.username, PASSWORD, { device: attackersOwnDevice })).statusCode).toBe(
      429,
    );
  });

  it('locks a browser that guesses, and only that browser', async () => {
    const owner = await registerAccount(ctx.app);
    const stolen = deviceCookieFrom(await login(owner.username, PASSWORD)).value;
    const kept = deviceCookieFrom(await login(owner.username, PASSWORD)).value;

    const statuses = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await login(owner.username, `guess ${i}`, {
        device: stolen,
        remoteAddress: `192.0.2.${i}`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toMatch(
          /^Too many sign-in attempts from this browser\. Try again in 15 minutes\.$/,
        );
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    expect((await login(owner.username, PASSWORD, { device: stolen })).statusCode).toBe(429);
    expect((await login(owner.username, PASSWORD, { device: kept })).statusCode).toBe(200);
  });

  it('treats a device cookie it did not sign as none, and never fails on one', async () => {
    const owner = await registerAccount(ctx.app);
    const real = deviceCookieFrom(await login(owner.username, PASSWORD)).value;
    const [, nonce, mac] = real.split('.');
    const hostile = [
      '',
      'x'.repeat(4000),
      `${owner.user.id}.${nonce}`,
      `${owner.user.id}..${mac}`,
      `${owner.user.id.toUpperCase()}.${nonce}.${mac}`,
      // 36 characters of hex and dashes that are not a UUID, with a well-formed rest.
      `${'-'.repeat(36)}.${nonce}.${mac}`,
      `00000000-0000-0000-0000-000000000000.${nonce}.${mac}`,
      `${owner.user.id}.${nonce}.${mac}%00`,
      `${owner.user.id}.${nonce}.${mac}.${mac}`,
      '%E0%A4%A',
    ];
    for (const device of hostile) {
      const wrong = await login(owner.username, 'wrong password', { device });
      expect([401, 429], `${device.slice(0, 60)}: ${wrong.body}`).toContain(wrong.statusCode);
      expect(wrong.json().message).toEqual(expect.any(String));
    }
    // The owner's own cookie still works after all that: the failures counted elsewhere.
    expect((await login(owner.username, PASSWORD, { device: real })).statusCode).toBe(200);
  });

  it('retires device cookies when the password changes', async () => {
    const owner = await registerAccount(ctx.app);
    const device = deviceCookieFrom(await login(owner.username, PASSWORD)).value;
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('a brand new password') })
      .where(eq(users.id, owner.user.id));
    for (let i = 0; i < 10; i += 1) await login(owner.username, `guess ${i}`);
    const withOldCookie = await login(owner.username, 'a brand new password', { device });
    expect(withOldCookie.statusCode).toBe(429);
  });
});
