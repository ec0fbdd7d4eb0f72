import { ADMIN_DISABLED_MESSAGE, type AdminJobList, type AdminUser } from '@filmroom/contract';
import { startChatCompletionsTestServer } from '@filmroom/coach/testing';
import { startTranscriptionTestServer } from '@filmroom/speech/testing';
import { eq, sql } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerAccount, sessionCookieFrom, uniqueEmail } from '../../../test/accounts';
import { listenToEvents } from '../../../test/http-client';
import { makeClip } from '../../../test/media-clips';
import { startSmtpPeer } from '../../../test/smtp-peer';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo } from '../../../test/videos';
import { waitUntilPrepared } from '../../../test/wait-for-video';
import { inTransaction } from '../../db/transaction';
import { adminAuditLog, userPhotos, users, videoExports, videos } from '../../db/schema';
import { profilePhotoKey } from '../users/profile-photos';
import { videoKeys } from '../../storage';

const ADMIN_BY_CONFIG = uniqueEmail('named-admin');
const llm = await startChatCompletionsTestServer(() => ({ content: 'ready' }));
const stt = await startTranscriptionTestServer(() => ({ text: 'hello' }));
afterAll(async () => {
  await llm.close();
  await stt.close();
});

// A fresh database: the first account made here is the server's administrator.
const ctx = useTestApp(
  {
    ADMIN_EMAILS: ` ${ADMIN_BY_CONFIG.toUpperCase()} `,
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'tiny',
    STT_BASE_URL: stt.baseUrl,
  },
  { work: true },
);

type Account = Awaited<ReturnType<typeof registerAccount>>;
let first: Account;
let named: Account;
let someone: Account;

beforeAll(async () => {
  first = await registerAccount(ctx.app, { isCoach: true });
  named = await registerAccount(ctx.app, { username: ADMIN_BY_CONFIG });
  someone = await registerAccount(ctx.app);
});

const as = (account: Account | undefined, method: string, url: string, payload?: object) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: account ? { cookie: account.cookie } : {},
    payload,
  });

const usersSeenBy = async (admin: Account, q = '') =>
  (await as(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`)).json<{
    users: AdminUser[];
  }>().users;

describe('who administers the server', () => {
  it('is the first account and those ADMIN_EMAILS names; the user view says so', async () => {
    expect(first.user.isAdmin).toBe(true);
    expect(named.user.isAdmin).toBe(true);
    expect(someone.user.isAdmin).toBe(false);
    const list = await usersSeenBy(first);
    const roleOf = (account: Account) => list.find((user) => user.id === account.user.id)?.role;
    expect(roleOf(first)).toBe('admin');
    expect(roleOf(named)).toBe('admin');
    expect(roleOf(someone)).toBe('athlete');
  });

  it('answers 404 on every admin route to a non-admin and to nobody, whatever the body', async () => {
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase(),
          url: path
            .replace('{userId}', first.user.id)
            .replace('{jobId}', crypto.randomUUID())
            .replace('{part}', 'database'),
        })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const route of routes) {
      for (const asker of [someone, undefined]) {
        for (const payload of [undefined, { confirmEmail: 42 }]) {
          const response = await as(asker, route.method, route.url, payload);
          expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
        }
      }
    }
    // Nothing was done: the first account is still enabled.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, first.user.id));
    expect(row!.disabledAt).toBeNull();
  });
});

describe('users', () => {
  it('searches by name or address, with last seen and storage used', async () => {
    const owner = await registerAccount(ctx.app, {
      name: `Findable ${randomBytes(3).toString('hex')}`,
    });
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    await as(owner, 'GET', '/api/user');
    const found = await usersSeenBy(first, owner.name.toUpperCase());
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      email: owner.username,
      role: 'athlete',
      disabled: false,
      videos: 1,
      storageBytes: expect.any(Number),
    });
    expect(found[0]!.storageBytes).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(found[0]!.lastSeenAt!)).toBeLessThan(60_000);
    expect(await usersSeenBy(first, '%')).toEqual([]);
    const storage = (await as(first, 'GET', '/api/admin/storage')).json();
    expect(storage.blobStore).toBe('local');
    const mine = storage.users.find((user: { id: string }) => user.id === owner.user.id);
    expect(mine.bytes).toBe(found[0]!.storageBytes);
    expect(storage.totalBytes).toBeGreaterThanOrEqual(mine.bytes);
    expect(videoId).toBeTruthy();
  });

  it('disabling ends every session and open event stream at once; sign-in says why', async () => {
    const target = await registerAccount(ctx.app);
    const origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await listenToEvents(origin, target.cookie);

    const disabled = await as(first, 'POST', `/api/admin/users/${target.user.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    await stream.ended;
    expect((await as(target, 'GET', '/api/user')).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: target.username, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: ADMIN_DISABLED_MESSAGE });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: target.username, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    // No password link for a disabled account, from anyone.
    const link = await as(first, 'POST', `/api/admin/users/${target.user.id}/password-link`);
    expect(link.statusCode).toBe(400);

    expect((await as(first, 'POST', `/api/admin/users/${target.user.id}/enable`)).statusCode).toBe(
      200,
    );
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: target.username, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it('an admin cannot disable or delete themself', async () => {
    const self = await as(first, 'POST', `/api/admin/users/${first.user.id}/disable`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: 'You cannot disable your own account' });
    const gone = await as(first, 'DELETE', `/api/admin/users/${first.user.id}`, {
      confirmEmail: first.username,
    });
    expect(gone.statusCode).toBe(403);
    expect((await as(first, 'GET', '/api/user')).statusCode).toBe(200);
    const unknown = await as(first, 'POST', `/api/admin/users/${crypto.randomUUID()}/disable`);
    expect(unknown.statusCode).toBe(404);
    const bad = await as(first, 'POST', '/api/admin/users/not-a-uuid/disable');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'User id must be a UUID' });
  });

  it('promotes and demotes administrators, never one ADMIN_EMAILS names, never the last', async () => {
    const helper = await registerAccount(ctx.app, { name: 'Helper Hal' });
    const asked = async (who: Account, action: string, target: Account) => {
      const response = await as(who, 'POST', `/api/admin/users/${target.user.id}/${action}`);
      return { status: response.statusCode, message: response.json<{ message: string }>().message };
    };
    const isAdmin = async (account: Account) =>
      (await as(account, 'GET', '/api/user')).json<{ isAdmin: boolean }>().isAdmin;

    // An athlete cannot promote themself: to them the route does not exist.
    expect((await asked(someone, 'promote', someone)).status).toBe(404);
    expect(await asked(first, 'promote', helper)).toEqual({
      status: 200,
      message: `${helper.username} is an administrator`,
    });
    expect(await isAdmin(helper)).toBe(true);
    expect((await usersSeenBy(first, helper.username))[0]).toMatchObject({
      role: 'admin',
      adminByConfig: false,
    });
    expect((await as(helper, 'GET', '/api/admin/users')).statusCode).toBe(200);

    // ADMIN_EMAILS would grant it again at the next start: refused, with where to change it.
    expect(await asked(first, 'demote', named)).toEqual({
      status: 409,
      message: `${named.username} is an administrator through ADMIN_EMAILS: remove the address there and restart the server`,
    });
    expect((await usersSeenBy(first, named.username))[0]!.adminByConfig).toBe(true);

    // An administrator may step down while another remains; the Admin area then disappears.
    expect((await asked(helper, 'demote', helper)).status).toBe(200);
    expect(await isAdmin(helper)).toBe(false);
    expect((await as(helper, 'GET', '/api/admin/users')).statusCode).toBe(404);
    expect((await asked(helper, 'promote', helper)).status).toBe(404);

    // With the ADMIN_EMAILS one disabled, the first account is the last: it may not step down.
    expect((await asked(first, 'disable', named)).status).toBe(200);
    try {
      expect(await asked(first, 'demote', first)).toEqual({
        status: 409,
        message: 'This is the last administrator: make another account one first',
      });
      expect(await isAdmin(first)).toBe(true);
      expect((await asked(first, 'promote', named)).status).toBe(400);
    } finally {
      expect((await asked(first, 'enable', named)).status).toBe(200);
      // Disabling ended its sessions: it signs in again for the tests after this one.
      const signedIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: named.username, password: PASSWORD },
      });
      named = { ...named, cookie: sessionCookieFrom(signedIn) };
    }
    expect(
      (await as(first, 'POST', `/api/admin/users/${crypto.randomUUID()}/demote`)).statusCode,
    ).toBe(404);
  });

  it('sends a password link that, without a relay, is on the mail page', async () => {
    const target = await registerAccount(ctx.app);
    const sent = await as(first, 'POST', `/api/admin/users/${target.user.id}/password-link`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toMatch(/on the Mail page/);
    const mail = (await as(first, 'GET', '/api/admin/mail')).json();
    expect(mail.delivery).toBe('outbox');
    const message = mail.messages.find(
      (m: { to: string; kind: string }) => m.to === target.username && m.kind === 'password-reset',
    );
    const token = /reset-password\?token=([\w-]+)/.exec(message.text)![1];
    // The athlete's own outbox never shows it; the link works.
    expect((await as(target, 'GET', '/api/mail/outbox')).json().messages).toEqual([]);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'a new password here' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('deletes an account with all its data, files too, only after its address is typed', async () => {
    const doomed = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, doomed.user.id);
    const photoId = crypto.randomUUID();
    const photoKey = profilePhotoKey(doomed.user.id, photoId);
    await ctx.runtime.deps.blobs.write(photoKey, Readable.from([randomBytes(64)]));
    await ctx.database.db
      .insert(userPhotos)
      .values({ id: photoId, userId: doomed.user.id, blobKey: photoKey });

    const mistyped = await as(first, 'DELETE', `/api/admin/users/${doomed.user.id}`, {
      confirmEmail: 'someone@else.example',
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().message).toBe(
      `Type the account's address, ${doomed.username}, to delete it`,
    );
    const deleted = await as(first, 'DELETE', `/api/admin/users/${doomed.user.id}`, {
      confirmEmail: ` ${doomed.username.toUpperCase()}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, doomed.user.id))).toEqual(
      [],
    );
    expect(await ctx.database.db.select().from(videos).where(eq(videos.id, videoId))).toEqual([]);
    const { blobs } = ctx.runtime.deps;
    expect(await blobs.list(videoKeys.prefix(videoId))).toEqual([]);
    expect(await blobs.stat(photoKey)).toBeNull();
    expect((await as(doomed, 'GET', '/api/user')).statusCode).toBe(401);
  });
});

describe('jobs', () => {
  it(
    'lists a really failed job, retries it until it succeeds, and cancels a queued one',
    { timeout: 90_000 },
    async () => {
      // A video whose row names its upload wrongly: preparation fails (for real, not as a bad
      // file would) on its only attempt.
      const owner = await registerAccount(ctx.app);
      const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id, { duration: null });
      await ctx.database.db
        .update(videos)
        .set({ originalKey: '../outside' })
        .where(eq(videos.id, videoId));
      // Sent and changed in one transaction: the worker, woken at the commit, takes the job
      // with its one attempt.
      const jobId = await inTransaction(ctx.database.pool, async (client) => {
        const id = (await ctx.runtime.deps.jobs.send('media.prepare', { videoId }, client))!;
        await client.query('UPDATE pgboss.job SET retry_limit = 0 WHERE id = $1', [id]);
        return id;
      });
      const jobs = async () => (await as(first, 'GET', '/api/admin/jobs')).json<AdminJobList>();
      let listed = await jobs();
      for (let i = 0; i < 200 && !listed.failed.some((job) => job.id === jobId); i += 1) {
        await sleep(100);
        listed = await jobs();
      }
      const failed = listed.failed.find((job) => job.id === jobId)!;
      expect(failed).toMatchObject({ name: 'media.prepare', videoId, ownerEmail: owner.username });
      expect(failed.error).toEqual(expect.any(String));
      expect(listed.counts.failed).toBeGreaterThanOrEqual(1);
      expect((await waitUntilPrepared(ctx.database.db, videoId)).status).toBe('failed');

      // Put right, the retry prepares the video.
      const clip = await makeClip('retry.mp4', { seconds: 1, videoArgs: ['-c:v', 'mpeg4'] });
      await ctx.runtime.deps.blobs.write(videoKeys.original(videoId), createReadStream(clip));
      await ctx.database.db
        .update(videos)
        .set({
          originalKey: videoKeys.original(videoId),
          status: 'processing',
          failureReason: null,
        })
        .where(eq(videos.id, videoId));
      const retried = await as(first, 'POST', `/api/admin/jobs/${jobId}/retry`);
      expect(retried.statusCode).toBe(200);
      expect((await waitUntilPrepared(ctx.database.db, videoId)).status).toBe('ready');
      const again = await as(first, 'POST', `/api/admin/jobs/${jobId}/retry`);
      expect(again.statusCode).toBe(409);

      // Cancel: a scan that this process never works stays queued until cancelled.
      const scanId = (await ctx.runtime.deps.jobs.send('vision.scan', { videoId }))!;
      expect((await jobs()).queued.some((job) => job.id === scanId)).toBe(true);
      const cancelled = await as(first, 'POST', `/api/admin/jobs/${scanId}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect((await jobs()).queued.some((job) => job.id === scanId)).toBe(false);
      const twice = await as(first, 'POST', `/api/admin/jobs/${scanId}/cancel`);
      expect(twice.statusCode).toBe(409);
    },
  );
});

describe("cancelling an export's job", () => {
  it('fails the export, rather than leaving it queued for ever', async () => {
    const owner = await registerAccount(ctx.app);
    const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
    const [queued] = await ctx.database.db
      .insert(videoExports)
      .values({
        videoId,
        ownerId: owner.user.id,
        startSeconds: 0,
        endSeconds: 2,
        overlays: ['drawings'],
        status: 'queued',
        progress: 0,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning();
    // Its render waits an hour, so it is still queued when cancelled (this process works it).
    const jobId = await inTransaction(ctx.database.pool, async (client) => {
      const id = (await ctx.runtime.deps.jobs.send(
        'export.render',
        { exportId: queued!.id, videoId },
        client,
      ))!;
      await client.query(
        `UPDATE pgboss.job SET start_after = now() + interval '1 hour' WHERE id = $1`,
        [id],
      );
      return id;
    });
    const cancelled = await as(first, 'POST', `/api/admin/jobs/${jobId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const [after] = await ctx.database.db
      .select()
      .from(videoExports)
      .where(eq(videoExports.id, queued!.id));
    expect(after).toMatchObject({ status: 'failed' });
    expect(after!.failureReason).toEqual(expect.any(String));
  });
});

describe('settings check', () => {
  it('says what is configured, and each test reports what really happened', async () => {
    const overview = (await as(first, 'GET', '/api/admin/settings')).json();
    expect(overview.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(overview.uptimeSeconds).toBeGreaterThan(0);
    const configured = Object.fromEntries(
      overview.parts.map((part: { part: string; configured: boolean }) => [
        part.part,
        part.configured,
      ]),
    );
    expect(configured).toEqual({
      database: false,
      blobStore: false,
      smtp: false,
      llm: true,
      stt: true,
    });
    const test = async (part: string) =>
      (await as(first, 'POST', `/api/admin/settings/${part}/test`)).json();
    expect(await test('database')).toMatchObject({ ok: true, message: /^Answered: PostgreSQL/ });
    expect(await test('blobStore')).toMatchObject({ ok: true });
    expect(await test('smtp')).toMatchObject({ ok: false, message: /No relay/ });
    expect(await test('llm')).toMatchObject({ ok: true, message: 'tiny answered: "ready"' });
    expect(llm.received.at(-1)!.body.model).toBe('tiny');
    expect(await test('stt')).toMatchObject({ ok: true, message: /as "hello"$/ });
    expect(stt.received).toHaveLength(1);
    stt.answer = () => ({ status: 500, message: 'the model is not loaded' });
    expect(await test('stt')).toMatchObject({ ok: false });
    const unknown = await as(first, 'POST', '/api/admin/settings/coffee/test');
    expect(unknown.statusCode).toBe(400);
  });

  it('tests a real SMTP relay with a handshake', async () => {
    const peer = await startSmtpPeer();
    try {
      const { SmtpMailer } = await import('../../mail/smtp-mailer');
      const mailer = new SmtpMailer({ smtpUrl: peer.url, from: 'x@example.com' }, ctx.app.log);
      const { testSettingsPart } = await import('./settings-check');
      const result = await testSettingsPart({ ...ctx.runtime.deps, mailer }, 'smtp');
      expect(result).toMatchObject({ ok: true });
      await mailer.close();
      await peer.close();
      const down = await testSettingsPart(
        {
          ...ctx.runtime.deps,
          mailer: new SmtpMailer({ smtpUrl: peer.url, from: 'x@example.com' }, ctx.app.log),
        },
        'smtp',
      );
      expect(down.ok).toBe(false);
    } finally {
      await peer.close().catch(() => undefined);
    }
  });
});

describe('audit log', () => {
  it('records every admin action with who did it, readable by admins', async () => {
    const entries = (await as(named, 'GET', '/api/admin/audit')).json().entries as {
      action: string;
      adminEmail: string;
      target: string;
      detail: string | null;
    }[];
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of [
      'user.disable',
      'user.enable',
      'user.password-link',
      'user.promote',
      'user.demote',
      'user.delete',
      'job.retry',
      'job.cancel',
      'settings.test',
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
    // All by the first account, but for the promoted helper stepping down on their own.
    const byOthers = entries.filter((entry) => entry.adminEmail !== first.username);
    expect(byOthers.map((entry) => entry.action)).toEqual(['user.demote']);
    // What was done, each once: a refused action (the 409s above) is not recorded.
    const done = (action: string) => entries.filter((entry) => entry.action === action);
    expect(done('job.retry')).toHaveLength(1);
    expect(done('job.cancel')).toHaveLength(2);
    for (const entry of entries.filter((entry) => entry.action.startsWith('user.'))) {
      expect(entry.target, entry.action).toContain('@');
    }
    expect(done('user.delete').map((entry) => entry.detail)).toEqual([
      expect.stringMatching(/^\d+ videos? deleted with it$/),
    ]);
    expect(done('settings.test')[0]!.detail).toMatch(/^(passed|failed): ./);
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminAuditLog);
    expect(count!.n).toBe(entries.length);
  });
});
