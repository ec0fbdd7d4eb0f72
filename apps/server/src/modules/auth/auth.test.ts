import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAccount, sessionCookieFrom, uniqueEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { SessionService } from './session-service';

const ctx = useTestApp();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/register', () => {
  it('creates the account, signs in and answers with the user, never the hash', async () => {
    const username = uniqueEmail('coach');
    const response = await post('/api/register', {
      username,
      password: PASSWORD,
      name: 'Pat Coach',
      isCoach: true,
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Pat Coach',
      username,
      isCoach: true,
      playerNumber: null,
      heightCm: null,
      jerseyColors: [],
      photos: [],
      avatarUrl: null,
      emailConfirmed: false,
      // Whether it is the server's first account (see modules/admin's test).
      isAdmin: expect.any(Boolean),
    });
    expect(response.body).not.toMatch(/argon2|password/i);

    // The session, and this browser as one the account knows (see rate-limits.test.ts).
    const [cookie, device] = response.headers['set-cookie'] as string[];
    expect(device).toMatch(/^filmroom_device=/);
    expect(cookie).toMatch(/^filmroom_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);

    const me = await ctx.app.inject({
      url: '/api/user',
      headers: { cookie: sessionCookieFrom(response) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('trims and lower-cases the e-mail, and refuses the same address in another case', async () => {
    const local = `Mixed-${Date.now()}`;
    const first = await post('/api/register', {
      username: `  ${local}@Example.COM `,
      password: PASSWORD,
      name: 'Sam',
      isCoach: false,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().username).toBe(`${local.toLowerCase()}@example.com`);

    const again = await post('/api/register', {
      username: `${local.toUpperCase()}@EXAMPLE.com`,
      password: PASSWORD,
      name: 'Sam Again',
      isCoach: false,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'An account with this email already exists. Sign in instead.',
    });
  });

  it.each([
    [
      { username: 'not-an-email', password: PASSWORD, name: 'A' },
      'Email must be a valid e-mail address',
    ],
    [{ username: '', password: PASSWORD, name: 'A' }, 'Email is required'],
    [{ password: PASSWORD, name: 'A' }, 'Email is required'],
    [{ username: uniqueEmail(), name: 'A' }, 'Password is required'],
    [
      { username: uniqueEmail(), password: PASSWORD, name: 'A', extra: 1, isCoach: 3 },
      'isCoach must be true or false',
    ],
    [
      { username: uniqueEmail(), password: 'short', name: 'A' },
      'Password must be at least 8 characters',
    ],
    [{ username: uniqueEmail(), password: PASSWORD, name: '   ' }, 'Full Name is required'],
    [
      { username: uniqueEmail(), password: PASSWORD, name: 'A', isCoach: 'yes' },
      'isCoach must be true or false',
    ],
    [
      { username: uniqueEmail(), password: 'x'.repeat(300), name: 'A' },
      'Password must be at most 256 characters',
    ],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const response = await post('/api/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('answers 400, not 500, to a body that is not JSON', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toEqual(expect.any(String));

    const missing = await ctx.app.inject({ method: 'POST', url: '/api/register' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'The request body must be a JSON object' });
  });

  it('keeps hostile strings as plain data', async () => {
    const name = `<img src=x onerror="alert(1)">'); DROP TABLE users; --`;
    const { user, cookie } = await registerAccount(ctx.app, { name });
    expect(user.name).toBe(name);
    const me = await ctx.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json().name).toBe(name);
    const sqlish = await post('/api/login', {
      username: "admin'--@example.com",
      password: PASSWORD,
    });
    expect(sqlish.statusCode).toBe(401);
  });
});

describe('POST /api/login', () => {
  it('signs in with any case of the e-mail and issues a new session id each time', async () => {
    const account = await registerAccount(ctx.app);
    const login = await post('/api/login', {
      username: `  ${account.username.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual(account.user);
    const loginCookie = sessionCookieFrom(login);
    expect(loginCookie).not.toBe(account.cookie);

    // Signing in again from the same browser replaces, rather than adds to, its session.
    const relogin = await post(
      '/api/login',
      { username: account.username, password: PASSWORD },
      { cookie: loginCookie },
    );
    const reloginCookie = sessionCookieFrom(relogin);
    expect(reloginCookie).not.toBe(loginCookie);
    expect(
      (await ctx.app.inject({ url: '/api/user', headers: { cookie: loginCookie } })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/user', headers: { cookie: reloginCookie } })).statusCode,
    ).toBe(200);
  });

  it('gives one answer for a wrong password and an unknown e-mail', async () => {
    const account = await registerAccount(ctx.app);
    const wrongPassword = await post('/api/login', {
      username: account.username,
      password: 'wrong password',
    });
    const unknownUser = await post('/api/login', {
      username: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid username or password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('sessions', () => {
  it('answers 401 to no cookie and to a cookie that is not a session, and clears the latter', async () => {
    const none = await ctx.app.inject({ url: '/api/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'You need to sign in' });

    const forged = await ctx.app.inject({
      url: '/api/user',
      headers: { cookie: 'filmroom_session=forged-token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['set-cookie']).toMatch(/filmroom_session=;/);
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const logout = await post('/api/logout', undefined, { cookie });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out successfully' });
    expect(logout.headers['set-cookie']).toMatch(/filmroom_session=;/);
    const after = await ctx.app.inject({ url: '/api/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('slides the expiry forward while in use and refuses an expired session', async () => {
    const { cookie, user } = await registerAccount(ctx.app);
    const expiry = () =>
      ctx.database.db.execute<{ expires_at: Date }>(
        sql`select expires_at from sessions where user_id = ${user.id}`,
      );

    // A session last renewed two days ago is extended to 30 days from now.
    await ctx.database.db.execute(
      sql`update sessions set expires_at = now() + interval '28 days' where user_id = ${user.id}`,
    );
    const renewed = await ctx.app.inject({ url: '/api/user', headers: { cookie } });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers['set-cookie']).toMatch(/Max-Age=2592000/);
    const daysLeft =
      (new Date((await expiry()).rows[0]!.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(29.9);

    await ctx.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const expired = await ctx.app.inject({ url: '/api/user', headers: { cookie } });
    expect(expired.statusCode).toBe(401);
  });
});

describe('SessionService.deleteExpired', () => {
  it('removes expired sessions and keeps live ones', async () => {
    const sessions = new SessionService(ctx.database.db);
    const live = await registerAccount(ctx.app);
    const stale = await registerAccount(ctx.app);
    await ctx.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 day' where user_id = ${stale.user.id}`,
    );
    expect(await sessions.deleteExpired()).toBeGreaterThanOrEqual(1);
    const remaining = await ctx.database.db.execute<{ user_id: string }>(
      sql`select user_id from sessions where user_id in (${live.user.id}, ${stale.user.id})`,
    );
    expect(remaining.rows.map((row) => row.user_id)).toEqual([live.user.id]);
  });
});

describe('cross-site protection', () => {
  it('refuses a state-changing request from another origin with 403', async () => {
    const account = await registerAccount(ctx.app);
    const body = { username: account.username, password: PASSWORD };
    const foreign = await post('/api/login', body, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      message: 'This request came from another site and was refused',
    });

    const crossSite = await post('/api/logout', undefined, {
      cookie: account.cookie,
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: '/api/user', headers: { cookie: account.cookie } })).statusCode,
    ).toBe(200);

    const sameOrigin = await post('/api/login', body, { origin: 'http://localhost:80' });
    expect(sameOrigin.statusCode).toBe(200);
  });
});
