import { EMAIL_LINK_MESSAGES, MISSING_TOKEN_MESSAGE, type User } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keptLink, registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../../../test/test-database';
import { applyMigrations, MIGRATIONS_FOLDER } from '../../db/connection';
import { coachStudents, emailLinks, users } from '../../db/schema';

// No SMTP_URL: mail is kept, and the links in it reach their owner through the operator.
const ctx = useTestApp();

const post = (url: string, payload?: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const me = async (cookie: string) =>
  (await ctx.app.inject({ url: '/api/user', headers: { cookie } })).json<User>();

describe('confirming the address of a new account', () => {
  it('mails a link at sign-up; following it once confirms the account, anywhere', async () => {
    const account = await registerAccount(ctx.app, { confirmed: false });
    expect(account.user.emailConfirmed).toBe(false);
    const token = await keptLink(ctx.app, account.username, 'confirmation', '/confirm-email');
    // The link lives a week and only its hash is stored.
    const [link] = await ctx.database.db
      .select()
      .from(emailLinks)
      .where(eq(emailLinks.email, account.username));
    expect(link!.tokenHash).not.toContain(token);
    expect((link!.expiresAt.getTime() - Date.now()) / 86_400_000).toBeCloseTo(7, 1);
    // Their own outbox does not show it: anyone can sign up with any address.
    const outbox = await ctx.app.inject({
      url: '/api/mail/outbox',
      headers: { cookie: account.cookie },
    });
    expect(outbox.json()).toEqual({ delivery: 'outbox', messages: [] });

    // Opened in another browser, signed out: it confirms, and signs nobody in.
    const follow = await post('/api/confirm-email', { token });
    expect(follow.statusCode).toBe(200);
    expect(follow.json()).toEqual({
      email: account.username,
      confirmed: true,
      accountExists: true,
    });
    expect(follow.headers['set-cookie']).toBeUndefined();
    expect(await me(account.cookie)).toMatchObject({ emailConfirmed: true });

    const again = await post('/api/confirm-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: EMAIL_LINK_MESSAGES.used });
    const resend = await post('/api/confirm-email/resend', undefined, account.cookie);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toEqual({ message: 'Your email address is already confirmed' });
  });

  it('resends a link on request; a stale, unknown or missing link is a 400 that says why', async () => {
    const account = await registerAccount(ctx.app, { confirmed: false });
    const first = await keptLink(ctx.app, account.username, 'confirmation', '/confirm-email');
    const resend = await post('/api/confirm-email/resend', undefined, account.cookie);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({
      message:
        'This server does not send email, so the link is in its mail outbox: ask its administrator for it (Admin > Mail).',
    });
    const second = await keptLink(ctx.app, account.username, 'confirmation', '/confirm-email');
    expect(second).not.toBe(first);

    await ctx.database.db
      .update(emailLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailLinks.email, account.username));
    for (const [body, message] of [
      [{ token: second }, EMAIL_LINK_MESSAGES.expired],
      [{ token: 'x'.repeat(43) }, EMAIL_LINK_MESSAGES.unknown],
      [{ token: 'x'.repeat(500) }, EMAIL_LINK_MESSAGES.unknown],
      [{ token: '  ' }, MISSING_TOKEN_MESSAGE],
      [{}, MISSING_TOKEN_MESSAGE],
    ] as const) {
      const response = await post('/api/confirm-email', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await me(account.cookie)).toMatchObject({ emailConfirmed: false });
    expect((await post('/api/confirm-email/resend')).statusCode).toBe(401);
  });

  it('refuses a sign-up with a link token that is not valid, creating nothing', async () => {
    // Signing up with a token that is not a confirmation link changes nothing and is refused.
    const refused = await post('/api/register', {
      username: 'nobody-yet@example.com',
      password: 'correct horse battery',
      name: 'N',
      emailToken: 'not-a-real-token-at-all',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: EMAIL_LINK_MESSAGES.unknown });
    const [made] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'nobody-yet@example.com'));
    expect(made).toBeUndefined();
  });
});

describe('migration 0010_confirmed_addresses', () => {
  it('counts existing accounts and roster links as they were; only invited, never-opened accounts stay unconfirmed', async () => {
    // A database as it was before this migration: the migrations up to 0009 only.
    const before = await mkdtemp(path.join(tmpdir(), 'filmroom-migrations-'));
    await cp(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalPath = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0010');
    await writeFile(journalPath, JSON.stringify(journal));
    const database = await createTestDatabase({ migrationsFolder: before });
    try {
      const { rows } = await database.pool.query<{ id: string; username: string }>(
        `INSERT INTO users (username, password_hash, name, is_coach)
         VALUES ('coach@old.example', '$argon2id$x', 'Old Coach', true),
                ('athlete@old.example', '$argon2id$y', 'Old Athlete', false),
                ('invited@old.example', '!', 'Never Opened', false)
         RETURNING id, username`,
      );
      const [coach, athlete, invited] = rows;
      await database.pool.query(
        `INSERT INTO coach_students (coach_id, student_id) VALUES ($1, $2), ($1, $3)`,
        [coach!.id, athlete!.id, invited!.id],
      );

      await applyMigrations(database.pool);
      const confirmed = await database.db
        .select({ username: users.username, at: users.emailConfirmedAt })
        .from(users);
      expect(
        Object.fromEntries(confirmed.map((user) => [user.username, user.at !== null])),
      ).toEqual({
        'coach@old.example': true,
        'athlete@old.example': true,
        'invited@old.example': false,
      });
      const links = await database.db.select().from(coachStudents);
      expect(links.map((link) => link.status)).toEqual(['accepted', 'accepted']);
      // New links start as invitations.
      await database.pool.query(
        `DELETE FROM coach_students; INSERT INTO coach_students (coach_id, student_id) VALUES ('${coach!.id}', '${athlete!.id}')`,
      );
      expect((await database.db.select().from(coachStudents))[0]!.status).toBe('pending');
    } finally {
      await database.drop();
      await rm(before, { recursive: true, force: true });
    }
  });
});
