import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAccount, uniqueEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { buildApp } from '../../app';

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
