import { ADMIN_DISABLED_MESSAGE } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { listenOnOwnPort, useTestApp } from '../../../test/test-app';
import {
  createTusUpload,
  hostileUploadPaths,
  rawTus,
  sha256,
  tus,
  tusMetadata as metadata,
  tusOffset,
  uploadAcrossRestart,
} from '../../../test/tus-client';
import { fixture, multipartBody } from '../../../test/uploads';
import { insertReadyVideo, MP4_HEADER } from '../../../test/videos';
import { clips, users, videos } from '../../db/schema';
import { videoKeys } from '../../storage';
import { createResumableStore, sweepAbandonedUploads } from './resumable-store';

const MB = 1024 * 1024;
// Room for one 24 MB upload, not two.
const ctx = useTestApp({
  USER_QUOTA_GB: String(40 / 1024),
  MAX_RESUMABLE_UPLOAD_MB: '64',
});

type Account = Awaited<ReturnType<typeof registerAccount>>;

let server: Awaited<ReturnType<typeof listenOnOwnPort>>;
let video: Buffer;
beforeAll(async () => {
  server = await listenOnOwnPort(ctx);
  // A real clip with 24 MB after it: still an MP4 by its first bytes, and long enough to cut.
  const clip = await readFile(fixture('video/squats_single_person.mp4'));
  video = Buffer.concat([clip, randomBytes(24 * MB - clip.length)]);
});
afterAll(() => server?.app.close());

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** A PATCH from offset 0 announcing `length` bytes, its body left for the test to send. */
const openPatch = (location: string, cookie: string, length: number) =>
  http.request(new URL(location, server.origin), {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      cookie,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    },
  });

const uploadsFolder = () => path.join(ctx.dataDir, 'resumable-uploads');

/** Creates an upload of `length` bytes by hand; returns its address. */
const create = (account: Account, length: number, origin = server.origin) =>
  createTusUpload(origin, account, length);

const offsetOf = (account: Account, location: string, origin = server.origin) =>
  tusOffset(origin, account, location);

describe('a resumable upload', () => {
  it('survives a cut connection and a server restart, and stores the file byte for byte', async () => {
    const owner = await registerAccount(ctx.app);
    const { videoId, location } = await uploadAcrossRestart(owner, video, {
      origin: () => server.origin,
      // A new server on the same database and data folder, as after a restart.
      restart: async () => {
        await server.app.close();
        server = await listenOnOwnPort(ctx);
      },
    });

    const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, videoId));
    expect(row).toMatchObject({ ownerId: owner.user.id, title: 'Full game' });
    expect(row!.originalBytes).toBe(video.length);
    const original = await buffer(await ctx.runtime.deps.blobs.read(row!.originalKey));
    expect(sha256(original)).toBe(sha256(video));
    // Its record went with it: the address names no upload any more.
    expect(await offsetOf(owner, location)).toBe(404);
  });

  it('is resumed through another API process while the cut request still holds it', async () => {
    const owner = await registerAccount(ctx.app);
    const location = await create(owner, video.length);
    const stored = path.join(uploadsFolder(), path.basename(location));
    // A second API process on the same database and data folder (its own upload lock).
    const other = await listenOnOwnPort(ctx);
    try {
      // A PATCH whose connection went quiet after 4 MB: the first process still holds the
      // upload, as after a dropped connection it has not noticed yet.
      const quiet = openPatch(location, owner.cookie, video.length);
      const quietAnswer = new Promise<number>((resolve, reject) => {
        quiet.on('response', (response) => {
          response.resume();
          resolve(response.statusCode!);
        });
        quiet.on('error', reject);
      });
      quiet.write(video.subarray(0, 4 * MB));
      await expect.poll(async () => (await stat(stored)).size).toBe(4 * MB);

      // Asking the other process where to go on makes the quiet request let go of the upload.
      const offset = await offsetOf(owner, location, other.origin);
      expect(offset).toBe(4 * MB);
      expect(await quietAnswer).toBe(204);
      // Whatever still comes through the old request is not written.
      quiet.end(video.subarray(4 * MB, 5 * MB));
      expect(await offsetOf(owner, location, other.origin)).toBe(4 * MB);

      const rest = await tus(other.origin, owner, 'PATCH', location, {
        headers: { 'upload-offset': String(offset) },
        body: video.subarray(offset as number),
      });
      expect(rest.status, await rest.clone().text()).toBe(204);
      const videoId = rest.headers.get('filmroom-video-id')!;
      const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, videoId));
      const original = await buffer(await ctx.runtime.deps.blobs.read(row!.originalKey));
      expect(sha256(original)).toBe(sha256(video));
    } finally {
      await other.app.close();
    }
  });

  it('belongs to its creator: to anyone else it does not exist', async () => {
    const owner = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const location = await create(owner, video.length);
    expect(await offsetOf(stranger, location)).toBe(404);
    const patch = await tus(server.origin, stranger, 'PATCH', location, {
      headers: { 'upload-offset': '0' },
      body: video.subarray(0, 64 * 1024),
    });
    expect(patch.status).toBe(404);
    expect((await tus(server.origin, stranger, 'DELETE', location)).status).toBe(404);
    expect(await offsetOf(owner, location)).toBe(0);
    // Same-origin only: no other site's page may read the answers.
    const own = await tus(server.origin, owner, 'HEAD', location, {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(own.headers.get('access-control-allow-origin')).toBeNull();

    const signedOut = await tus(server.origin, null, 'HEAD', location);
    expect(signedOut.status).toBe(401);
    const createSignedOut = await tus(server.origin, null, 'POST', '/api/resumable-uploads', {
      headers: { 'upload-length': '100' },
    });
    expect(createSignedOut.status).toBe(401);
    const notAnId = await tus(server.origin, owner, 'HEAD', '/api/resumable-uploads/..%2F..%2Fx');
    expect(notAnId.status).toBe(404);
  });

  it("is found by the path alone: no way of writing the URL reaches another's upload", async () => {
    const attacker = await registerAccount(ctx.app);
    const victim = await registerAccount(ctx.app);
    const small = video.subarray(0, 256 * 1024);
    const created = await tus(server.origin, victim, 'POST', '/api/resumable-uploads', {
      headers: {
        'upload-length': String(small.length),
        'upload-metadata': metadata({ title: 'Victim game' }),
      },
    });
    const theirs = created.headers.get('location')!;
    const started = await tus(server.origin, victim, 'PATCH', theirs, {
      headers: { 'upload-offset': '0' },
      body: small.subarray(0, 64 * 1024),
    });
    expect(started.status).toBe(204);
    const mine = await create(attacker, small.length);
    const [mineId, theirsId] = [path.basename(mine), path.basename(theirs)];
    const secrets = [victim.user.id, ...[victim.user.id, 'Victim game'].map(base64)];

    const victimsUploadIsIntact = async (url: string, method: string) => {
      expect(await offsetOf(victim, theirs), `${method} ${url}`).toBe(64 * 1024);
    };
    const attempts = hostileUploadPaths(mineId, theirsId);
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      for (const url of attempts) {
        const answer = await rawTus(server.origin, attacker, method, url, {
          // What would finish the victim's upload: its offset, and the rest of its bytes.
          ...(method === 'PATCH'
            ? { headers: { 'upload-offset': String(64 * 1024) }, body: small.subarray(64 * 1024) }
            : {}),
        });
        const seen = `${answer.body}\n${JSON.stringify(answer.headers)}`;
        expect(answer.status, `${method} ${url}: ${answer.body}`).toBeLessThan(500);
        for (const secret of secrets) expect(seen, `${method} ${url}`).not.toContain(secret);
        await victimsUploadIsIntact(url, method);
      }
    }
    const owned = await ctx.database.db
      .select()
      .from(videos)
      .where(eq(videos.ownerId, attacker.user.id));
    expect(owned).toEqual([]);
    // The victim finishes their own upload as ever.
    const finished = await tus(server.origin, victim, 'PATCH', theirs, {
      headers: { 'upload-offset': String(64 * 1024) },
      body: small.subarray(64 * 1024),
    });
    expect(finished.status).toBe(204);
  });

  it.each(['disabled', 'deleted'] as const)(
    'does not become a video when its account is %s while the bytes arrive',
    async (ending) => {
      const admin = await registerAccount(ctx.app);
      await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
      const owner = await registerAccount(ctx.app);
      const small = video.subarray(0, 2 * MB);
      const location = await create(owner, small.length);
      const stored = path.join(uploadsFolder(), path.basename(location));
      // The whole file in one PATCH, its first megabyte sent before the account ends.
      const streaming = openPatch(location, owner.cookie, small.length);
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        streaming.on('response', async (response) =>
          resolve({ status: response.statusCode!, body: String(await buffer(response)) }),
        );
        streaming.on('error', reject);
      });
      streaming.write(small.subarray(0, MB));
      await expect.poll(async () => (await stat(stored)).size).toBe(MB);

      const ended = await ctx.app.inject(
        ending === 'disabled'
          ? {
              method: 'POST',
              url: `/api/admin/users/${owner.user.id}/disable`,
              headers: { cookie: admin.cookie },
            }
          : {
              method: 'DELETE',
              url: `/api/admin/users/${owner.user.id}`,
              headers: { cookie: admin.cookie },
              payload: { confirmEmail: owner.username },
            },
      );
      expect(ended.statusCode, ended.body).toBe(200);
      streaming.end(small.subarray(MB));

      const { status, body } = await answer;
      expect(status).toBe(403);
      expect(JSON.parse(body)).toEqual({
        message:
          ending === 'disabled'
            ? ADMIN_DISABLED_MESSAGE
            : 'This account was deleted while the video was uploading; it was not kept.',
      });
      const owned = await ctx.database.db
        .select()
        .from(videos)
        .where(eq(videos.ownerId, owner.user.id));
      expect(owned).toEqual([]);
      expect(existsSync(stored)).toBe(false);
    },
  );

  it("goes with its account, as do the account's clip cuts of others' videos", async () => {
    const admin = await registerAccount(ctx.app);
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    const coach = await registerAccount(ctx.app);
    const leaving = await registerAccount(ctx.app);
    const location = await create(leaving, video.length);
    await tus(server.origin, leaving, 'PATCH', location, {
      headers: { 'upload-offset': '0' },
      body: video.subarray(0, MB),
    });
    const stored = path.join(uploadsFolder(), path.basename(location));
    expect(existsSync(stored)).toBe(true);
    // A clip of the coach's video, made and played (cut) by the account that leaves.
    const coachesVideo = await insertReadyVideo(ctx.runtime.deps, coach.user.id);
    const [clip] = await ctx.database.db
      .insert(clips)
      .values({
        ownerId: leaving.user.id,
        videoId: coachesVideo,
        title: 'Mine',
        startTime: 0,
        endTime: 1,
      })
      .returning();
    const cut = videoKeys.clipCut(clip!);
    await ctx.runtime.deps.blobs.write(cut, Readable.from([MP4_HEADER]), {
      contentType: 'video/mp4',
    });

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${leaving.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { confirmEmail: leaving.username },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(existsSync(stored)).toBe(false);
    expect(existsSync(`${stored}.json`)).toBe(false);
    expect(await ctx.runtime.deps.blobs.stat(cut)).toBeNull();
    // The coach's video is untouched.
    expect(await ctx.runtime.deps.blobs.stat(videoKeys.media(coachesVideo))).not.toBeNull();
  });

  it('is refused at its first bytes when they are not a video', async () => {
    const owner = await registerAccount(ctx.app);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MB)]);
    const location = await create(owner, pdf.length);
    const response = await tus(server.origin, owner, 'PATCH', location, {
      headers: { 'upload-offset': '0' },
      body: pdf,
    });
    expect(response.status).toBe(415);
    expect((await response.json()) as unknown).toEqual({
      message:
        'This file is application/pdf, not a video. Choose a video file (MP4, MOV, WebM, ...).',
    });
    expect(await offsetOf(owner, location)).toBe(404);
  });

  it('is judged by its first bytes when they come with its creation (creation-with-upload)', async () => {
    const owner = await registerAccount(ctx.app);
    const before = await readdir(uploadsFolder());
    // A JPEG's first bytes, then 2 MB: a photo, not a video.
    const jpeg = Buffer.concat([
      Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
      randomBytes(2 * MB),
    ]);
    const createWith = (body: Buffer, length: number) =>
      tus(server.origin, owner, 'POST', '/api/resumable-uploads', {
        headers: { 'upload-length': String(length), 'upload-metadata': metadata({ title: 'G' }) },
        body,
      });
    // Declared larger than what it sends: nothing finishes, so only its first bytes can judge it.
    const refused = await createWith(jpeg, jpeg.length + MB);
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'This file is image/jpeg, not a video. Choose a video file (MP4, MOV, WebM, ...).',
    );
    expect(await readdir(uploadsFolder())).toEqual(before);
    // Its room was not kept: the whole quota is free for the real one.
    const accepted = await createWith(video.subarray(0, MB), video.length);
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get('upload-offset')).toBe(String(MB));
  });

  it('is refused when it is too large, sizeless, empty or its fields are wrong', async () => {
    const owner = await registerAccount(ctx.app);
    const attempt = async (headers: Record<string, string>) => {
      const response = await tus(server.origin, owner, 'POST', '/api/resumable-uploads', {
        headers,
      });
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    const title = metadata({ title: 'Game' });
    expect(await attempt({ 'upload-length': String(65 * MB), 'upload-metadata': title })).toEqual({
      status: 413,
      body: { message: 'The video is larger than the 64 MB limit' },
    });
    expect((await attempt({ 'upload-defer-length': '1', 'upload-metadata': title })).status).toBe(
      400,
    );
    expect((await attempt({ 'upload-length': '0', 'upload-metadata': title })).status).toBe(415);
    expect(
      (await attempt({ 'upload-length': '1000', 'upload-metadata': metadata({ title: '' }) }))
        .status,
    ).toBe(400);
  });

  it('refuses a NUL in its title or description at creation, as the form does', async () => {
    const owner = await registerAccount(ctx.app);
    const withNul: Record<string, string>[] = [
      { title: 'Game\u0000' },
      { title: 'Game', description: 'a\u0000b' },
    ];
    for (const fields of withNul) {
      const response = await tus(server.origin, owner, 'POST', '/api/resumable-uploads', {
        headers: { 'upload-length': String(MB), 'upload-metadata': metadata(fields) },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /must not contain NUL characters/,
      );
    }
    // Nothing was reserved: the whole quota is still there.
    await create(owner, video.length);
  });

  it('answers a fault on its last byte with no detail of it: no SQL, no paths', async () => {
    const owner = await registerAccount(ctx.app);
    const small = video.subarray(0, MB);
    const location = await create(owner, small.length);
    // Where finished uploads are staged is a file, not a folder: the store's rename fails
    // with the error naming the server's own paths.
    const incoming = path.join(ctx.dataDir, 'blobs', 'incoming');
    await rm(incoming, { recursive: true, force: true });
    await writeFile(incoming, 'in the way');
    try {
      const response = await tus(server.origin, owner, 'PATCH', location, {
        headers: { 'upload-offset': '0' },
        body: small,
      });
      const body = await response.text();
      expect(response.status).toBe(500);
      expect(JSON.parse(body)).toEqual({
        message: 'Something went wrong on our side. Please try again.',
      });
      expect(body).not.toMatch(/incoming|blobs|ENOTDIR|EEXIST|\//);
    } finally {
      await rm(incoming, { force: true });
    }
  });

  it('holds each user to their quota, counting uploads under way from their creation', async () => {
    const owner = await registerAccount(ctx.app);
    const createWith = (length: number, origin = server.origin) =>
      tus(origin, owner, 'POST', '/api/resumable-uploads', {
        headers: { 'upload-length': String(length), 'upload-metadata': metadata({ title: 'G' }) },
      });
    const tooBig = await createWith(41 * MB);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(
      'This video (0.04 GB) would take you past your storage quota of 0.04 GB (0.00 GB used). ' +
        'Delete videos you no longer need, or ask your administrator for more room.',
    );

    // Each fits alone; both do not, though neither has sent a byte yet.
    const first = await create(owner, video.length);
    const second = await createWith(video.length);
    expect(second.status).toBe(413);
    expect(((await second.json()) as { message: string }).message).toMatch(
      /storage quota of 0\.04 GB \(0\.02 GB used\)/,
    );
    // The one-request upload counts the upload under way too.
    const form = multipartBody(
      { title: 'Also too much' },
      { filename: 'game.mp4', contentType: 'video/mp4', data: video },
    );
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { cookie: owner.cookie, 'content-type': form.contentType },
      payload: form.body,
    });
    expect(multipart.statusCode).toBe(413);
    expect(multipart.json<{ message: string }>().message).toMatch(/storage quota of 0\.04 GB/);

    // Cancelled, it holds no room.
    expect((await tus(server.origin, owner, 'DELETE', first)).status).toBe(204);
    const third = await create(owner, video.length);
    const finished = await tus(server.origin, owner, 'PATCH', third, {
      headers: { 'upload-offset': '0' },
      body: video,
    });
    expect(finished.status).toBe(204);
    // Finished, its room is the video's, counted once: 24 MB stored leaves room for 10 more.
    expect((await createWith(video.length)).status).toBe(413);
    const small = video.subarray(0, 10 * MB);
    const fourth = await create(owner, small.length);

    // Checked again when finished: the quota may have shrunk since the creation.
    const lowered = await listenOnOwnPort(ctx, { userQuotaBytes: 30 * MB });
    try {
      const refused = await tus(lowered.origin, owner, 'PATCH', fourth, {
        headers: { 'upload-offset': '0' },
        body: small,
      });
      expect(refused.status).toBe(413);
      expect(await refused.text()).toMatch(/storage quota/);
    } finally {
      await lowered.app.close();
    }
    const owned = await ctx.database.db
      .select()
      .from(videos)
      .where(eq(videos.ownerId, owner.user.id));
    expect(owned).toHaveLength(1);
    expect(await readdir(uploadsFolder())).not.toContain(path.basename(fourth));
    // Refused, it holds no room either.
    await create(owner, small.length);
  });

  it('is refused past the cap on unfinished uploads an account may have at once', async () => {
    const owner = await registerAccount(ctx.app);
    const other = await registerAccount(ctx.app);
    const capped = await listenOnOwnPort(ctx, {
      resumableUploads: { ...ctx.config.resumableUploads, maxOpenPerUser: 3 },
    });
    try {
      const open = [];
      for (let i = 0; i < 3; i += 1) open.push(await create(owner, MB, capped.origin));
      const fourth = await tus(capped.origin, owner, 'POST', '/api/resumable-uploads', {
        headers: { 'upload-length': String(MB), 'upload-metadata': metadata({ title: 'G' }) },
      });
      expect(fourth.status).toBe(429);
      expect(((await fourth.json()) as { message: string }).message).toBe(
        'You have 3 uploads started and not finished, the most at once. ' +
          'Finish or cancel one of them before starting another.',
      );
      // Someone else's count is their own.
      await create(other, MB, capped.origin);
      // A cancelled one, and a finished one, leave room for the next.
      expect((await tus(capped.origin, owner, 'DELETE', open[0]!)).status).toBe(204);
      const again = await create(owner, MB, capped.origin);
      const finished = await tus(capped.origin, owner, 'PATCH', again, {
        headers: { 'upload-offset': '0' },
        body: video.subarray(0, MB),
      });
      expect(finished.status).toBe(204);
      await create(owner, MB, capped.origin);
    } finally {
      await capped.app.close();
    }
  });

  /** A PATCH of `length` bytes that sends `first` of them and then nothing more. */
  const slowPatch = (
    origin: string,
    account: Account,
    location: string,
    first: Buffer,
    length = video.length,
  ) => {
    const request = http.request(new URL(location, origin), {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        cookie: account.cookie,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
    });
    const closed = new Promise<{ status?: number; body?: string }>((resolve) => {
      request.on('response', async (response) =>
        resolve({ status: response.statusCode!, body: String(await buffer(response)) }),
      );
      // Cut off by the server: no answer, the connection closed.
      request.on('error', () => resolve({}));
    });
    request.write(first);
    return { request, closed };
  };

  it('cuts off a PATCH that sends nothing for too long, keeping what arrived', async () => {
    const owner = await registerAccount(ctx.app);
    const impatient = await listenOnOwnPort(ctx, {
      resumableUploads: { ...ctx.config.resumableUploads, idleMs: 1_000 },
    });
    try {
      const location = await create(owner, video.length, impatient.origin);
      const stalled = slowPatch(impatient.origin, owner, location, video.subarray(0, MB));
      const started = performance.now();
      expect(await stalled.closed).toEqual({});
      const cutAfterMs = performance.now() - started;
      expect(cutAfterMs).toBeLessThan(10_000);
      // What arrived is kept, the lock is free: the upload goes on at once from there.
      expect(await offsetOf(owner, location, impatient.origin)).toBe(MB);
      const rest = await tus(impatient.origin, owner, 'PATCH', location, {
        headers: { 'upload-offset': String(MB) },
        body: video.subarray(MB),
      });
      expect(rest.status).toBe(204);
    } finally {
      await impatient.app.close();
    }
  });

  it('lets one account send only a few PATCHes at once, and holds up no one else', async () => {
    const accounts = await Promise.all([0, 1, 2, 3].map(() => registerAccount(ctx.app)));
    const bystander = await registerAccount(ctx.app);
    const capped = await listenOnOwnPort(ctx, {
      resumableUploads: { ...ctx.config.resumableUploads, maxSendingPerUser: 3 },
    });
    const stalled: ReturnType<typeof slowPatch>[] = [];
    try {
      // Ten slow PATCHes, three per account (the most each may send), holding ten locks.
      for (let i = 0; i < 10; i += 1) {
        const account = accounts[Math.floor(i / 3)]!;
        const location = await create(account, 4 * MB, capped.origin);
        const stored = path.join(uploadsFolder(), path.basename(location));
        const first = video.subarray(0, 64 * 1024);
        stalled.push(slowPatch(capped.origin, account, location, first, 4 * MB));
        await expect.poll(async () => (await stat(stored)).size).toBe(64 * 1024);
      }
      const fourth = await create(accounts[0]!, MB, capped.origin);
      const refused = await tus(capped.origin, accounts[0]!, 'PATCH', fourth, {
        headers: { 'upload-offset': '0' },
        body: video.subarray(0, MB),
      });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'You are already sending 3 uploads at once, the most at a time. ' +
          'Let one finish, then send the next.',
      );

      // Anyone else creates, resumes, sends and cancels as ever: no waiting on the others' locks.
      const timings: number[] = [];
      const timed = async <T>(work: () => Promise<T>) => {
        const started = performance.now();
        const result = await work();
        timings.push(performance.now() - started);
        return result;
      };
      const mine = await timed(() => create(bystander, MB, capped.origin));
      expect(await timed(() => offsetOf(bystander, mine, capped.origin))).toBe(0);
      const sent = await timed(() =>
        tus(capped.origin, bystander, 'PATCH', mine, {
          headers: { 'upload-offset': '0' },
          body: video.subarray(0, MB / 2),
        }),
      );
      expect(sent.status).toBe(204);
      const cancelled = await timed(() => tus(capped.origin, bystander, 'DELETE', mine));
      expect(cancelled.status).toBe(204);
      console.info(
        `under ten slow PATCHes, another user's create/HEAD/PATCH/DELETE took ` +
          `${timings.map((ms) => Math.round(ms)).join('/')} ms`,
      );
      // A request that waited on another's lock would have been answered 423 after the lock
      // timeout: the statuses above prove there was no wait (the times are for the log).
    } finally {
      for (const { request } of stalled) request.destroy();
      await Promise.all(stalled.map(({ closed }) => closed));
      await capped.app.close();
    }
    // Their requests ended, the accounts may send again.
    const again = await create(accounts[0]!, MB);
    const resumed = await tus(server.origin, accounts[0]!, 'PATCH', again, {
      headers: { 'upload-offset': '0' },
      body: video.subarray(0, MB),
    });
    expect(resumed.status).toBe(204);
  });

  it('stops counting an unfinished upload once it is past its time', async () => {
    const owner = await registerAccount(ctx.app);
    const shortLived = await listenOnOwnPort(ctx, {
      resumableUploads: { ...ctx.config.resumableUploads, expiryMs: 1 },
    });
    try {
      await create(owner, video.length, shortLived.origin);
    } finally {
      await shortLived.app.close();
    }
    await create(owner, video.length);
  });

  it('is removed with what it stored when cancelled (tus termination)', async () => {
    const owner = await registerAccount(ctx.app);
    const location = await create(owner, video.length);
    const half = await tus(server.origin, owner, 'PATCH', location, {
      headers: { 'upload-offset': '0' },
      body: video.subarray(0, 2 * MB),
    });
    expect(half.status).toBe(204);
    expect(await readdir(uploadsFolder())).toContain(path.basename(location));

    expect((await tus(server.origin, owner, 'DELETE', location)).status).toBe(204);
    expect(await offsetOf(owner, location)).toBe(404);
    expect(await readdir(uploadsFolder())).not.toContain(path.basename(location));
  });

  it('is swept with what it stored once left unfinished past its time', async () => {
    const owner = await registerAccount(ctx.app);
    const location = await create(owner, video.length);
    await tus(server.origin, owner, 'PATCH', location, {
      headers: { 'upload-offset': '0' },
      body: video.subarray(0, MB),
    });
    const fresh = await sweepAbandonedUploads(ctx.config, ctx.runtime.deps.blobs);
    expect(fresh).toBe(0);
    expect(await offsetOf(owner, location)).toBe(MB);

    const expired = {
      ...ctx.config,
      resumableUploads: { ...ctx.config.resumableUploads, expiryMs: 1 },
    };
    expect(await sweepAbandonedUploads(expired, ctx.runtime.deps.blobs)).toBeGreaterThanOrEqual(1);
    expect(await offsetOf(owner, location)).toBe(404);
    expect(await readdir(uploadsFolder())).not.toContain(path.basename(location));
  });

  it('has its folder ready on a fresh DATA_DIR, where a new server sweeps first', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-fresh-'));
    try {
      const config = { ...ctx.config, dataDir };
      await createResumableStore(config, ctx.runtime.deps.blobs);
      // Checked at once: the store must not still be making it in the background.
      expect(existsSync(path.join(dataDir, 'resumable-uploads'))).toBe(true);
      expect(await sweepAbandonedUploads(config, ctx.runtime.deps.blobs)).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
