import { MOVEMENT_IDS, type Video } from '@filmroom/contract';
import { eq, sql } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { fixture, multipartBody, uploadVideo } from '../../../test/uploads';
import { analyses, coachStudents, videoShares, videos } from '../../db/schema';

const ctx = useTestApp({ MAX_UPLOAD_MB: '2' });

async function share(
  videoId: string,
  ownerId: string,
  email: string,
  accessLevel: 'view' | 'edit',
) {
  await ctx.database.db
    .insert(videoShares)
    .values({ videoId, sharedWithEmail: email, accessLevel, sharedById: ownerId });
}

async function postUpload(cookie: string | undefined, body: ReturnType<typeof multipartBody>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/videos',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': body.contentType },
    payload: body.body,
  });
}

function patchVideo(videoId: string, cookie: string, payload: object) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/videos/${videoId}`,
    headers: { cookie },
    payload,
  });
}

async function storedKeys() {
  return [
    ...(await ctx.runtime.deps.blobs.list('incoming/')),
    ...(await ctx.runtime.deps.blobs.list('videos/')),
  ];
}

describe('POST /api/videos', () => {
  it('stores the upload, queues its preparation and answers 201 with the video at once', async () => {
    const owner = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, owner.cookie, {
      title: '  Squats  ',
      description: 'Week 3',
    });
    expect(video).toMatchObject({
      title: 'Squats',
      description: 'Week 3',
      status: 'processing',
      progress: 0,
      url: null,
      isShared: false,
      accessLevel: null,
      sharedBy: null,
    });
    const original = await readFile(fixture('video/squats_single_person.mp4'));
    expect((await ctx.runtime.deps.blobs.stat(`videos/${video.id}/original`))?.bytes).toBe(
      original.length,
    );
    expect(await ctx.runtime.deps.blobs.list('incoming/')).toEqual([]);

    const jobs = await ctx.database.db.execute<{ data: { videoId: string } }>(
      sql`select data from pgboss.job where name = 'media.prepare'`,
    );
    expect(jobs.rows.map((job) => job.data.videoId)).toContain(video.id);
  });

  it('refuses a signed-out upload with 401 and stores nothing', async () => {
    const before = await storedKeys();
    const data = await readFile(fixture('video/squats_single_person.mp4'));
    const response = await postUpload(
      undefined,
      multipartBody({ title: 'x' }, { filename: 'a.mp4', contentType: 'video/mp4', data }),
    );
    expect(response.statusCode).toBe(401);
    expect(await storedKeys()).toEqual(before);
  });

  it.each([
    ['a photo renamed to .mp4', 'images/three_people.jpg', /This file is image\/jpeg, not a video/],
    ['a text file renamed to .mp4', 'words', /not a video we recognise/],
    ['an empty file', 'empty', /This file is empty/],
  ])('refuses %s with 415 and stores nothing', async (_name, file, message) => {
    const { cookie } = await registerAccount(ctx.app);
    const before = await storedKeys();
    const data =
      file === 'words'
        ? Buffer.from('just some words\n'.repeat(500))
        : file === 'empty'
          ? Buffer.alloc(0)
          : await readFile(fixture(file));
    const response = await postUpload(
      cookie,
      multipartBody({ title: 'Sneaky' }, { filename: 'game.mp4', contentType: 'video/mp4', data }),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(message);
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a file over MAX_UPLOAD_MB with 413 and stores nothing', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const before = await storedKeys();
    const mp4 = await readFile(fixture('video/squats_single_person.mp4'));
    const tooBig = Buffer.concat([mp4, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await postUpload(
      cookie,
      multipartBody(
        { title: 'Big' },
        { filename: 'big.mp4', contentType: 'video/mp4', data: tooBig },
      ),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The video is larger than the 2 MB limit' });
    expect(await storedKeys()).toEqual(before);
  });

  it.each([
    [{ description: 'no title' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 'x'.repeat(10_000) }, 'Title must be at most 200 characters'],
    [{ title: 'ok', description: 'd'.repeat(5001) }, 'Description must be at most 5000 characters'],
    [
      { title: 'ok', movement: 'curling' },
      `Movement must be auto or one of: ${MOVEMENT_IDS.join(', ')}`,
    ],
    [{ title: 'ok', movement: '' }, expect.stringMatching(/^Movement must be auto or one of: /)],
  ])('refuses fields %# with 400 and stores nothing', async (fields, message) => {
    const { cookie } = await registerAccount(ctx.app);
    const before = await storedKeys();
    const data = await readFile(fixture('video/squats_single_person.mp4'));
    const response = await postUpload(
      cookie,
      multipartBody(fields as Record<string, string>, {
        filename: 'a.mp4',
        contentType: 'video/mp4',
        data,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await storedKeys()).toEqual(before);
  });

  it.each([
    ['golf_swing', 'golf_swing'],
    ['auto', null],
    [undefined, null],
  ])('keeps the movement chosen at upload (%s) for the coach engine', async (movement, stored) => {
    const { cookie } = await registerAccount(ctx.app);
    const data = await readFile(fixture('video/squats_single_person.mp4'));
    const response = await postUpload(
      cookie,
      multipartBody(
        { title: 'Swing', ...(movement === undefined ? {} : { movement }) },
        { filename: 'swing.mp4', contentType: 'video/mp4', data },
      ),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select({ movement: videos.movement })
      .from(videos)
      .where(eq(videos.id, response.json<Video>().id));
    expect(row).toEqual({ movement: stored });
  });

  it('refuses a form without a file, and a body that is not multipart, with 400', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const noFile = await postUpload(cookie, multipartBody({ title: 'Nothing attached' }));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: 'A video file is required (field "video")' });

    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { cookie },
      payload: { title: 'json' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart\/form-data/);
  });
});

describe('an upload cut off by the client', () => {
  it('leaves no row, no blob and no partial file behind', async () => {
    const { cookie, user } = await registerAccount(ctx.app);
    const origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const data = await readFile(fixture('video/squats_single_person.mp4'));
    const { body, contentType } = multipartBody(
      { title: 'Cut off' },
      { filename: 'game.mp4', contentType: 'video/mp4', data },
    );
    const { hostname, port } = new URL(origin);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `POST /api/videos HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\n` +
            `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
        );
        // Half the file, then the phone loses its signal.
        socket.write(body.subarray(0, body.length / 2), () =>
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 200),
        );
      });
    });

    const partialDir = path.join(ctx.dataDir, 'blobs', '.partial');
    let leftovers: string[] = ['?'];
    for (let i = 0; i < 40 && leftovers.length > 0; i += 1) {
      await sleep(100);
      leftovers = [
        ...(await ctx.runtime.deps.blobs.list('incoming/')),
        ...(await readdir(partialDir).catch(() => [])),
      ];
    }
    expect(leftovers).toEqual([]);
    const rows = await ctx.database.db.execute(
      sql`select id from videos where owner_id = ${user.id}`,
    );
    expect(rows.rows).toEqual([]);
  });
});

describe('reading, changing and deleting videos', () => {
  it('lists own and shared videos newest first, each with its sharing', async () => {
    const coach = await registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true });
    const athlete = await registerAccount(ctx.app, { name: 'Ath Lete' });
    const stranger = await registerAccount(ctx.app);
    const first = await uploadVideo(ctx.app, coach.cookie, { title: 'First' });
    const second = await uploadVideo(ctx.app, coach.cookie, { title: 'Second' });
    const own = await uploadVideo(ctx.app, athlete.cookie, { title: 'Mine' });
    await share(first.id, coach.user.id, athlete.username, 'edit');
    await share(second.id, coach.user.id, athlete.username.toUpperCase().toLowerCase(), 'view');

    const list = await ctx.app.inject({ url: '/api/videos', headers: { cookie: athlete.cookie } });
    expect(list.statusCode).toBe(200);
    const videos = list.json<Video[]>();
    expect(videos.map((video) => video.title)).toEqual(['Mine', 'Second', 'First']);
    expect(videos[0]).toMatchObject({
      id: own.id,
      isShared: false,
      accessLevel: null,
      sharedBy: null,
    });
    expect(videos[1]).toMatchObject({
      isShared: true,
      accessLevel: 'view',
      sharedBy: { name: 'Coach Carter', username: coach.username },
    });
    expect(videos[2]).toMatchObject({ isShared: true, accessLevel: 'edit' });

    const strangers = await ctx.app.inject({
      url: '/api/videos',
      headers: { cookie: stranger.cookie },
    });
    expect(strangers.json()).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/videos' })).statusCode).toBe(401);
  });

  it('shows one video with its analysis to whoever may view it, and 404 to anyone else', async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, owner.cookie);
    await share(video.id, owner.user.id, viewer.username, 'view');

    const asOwner = await ctx.app.inject({
      url: `/api/videos/${video.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toMatchObject({ id: video.id, analysis: null, isShared: false });
    const asViewer = await ctx.app.inject({
      url: `/api/videos/${video.id}`,
      headers: { cookie: viewer.cookie },
    });
    expect(asViewer.json()).toMatchObject({ isShared: true, accessLevel: 'view' });

    const asStranger = await ctx.app.inject({
      url: `/api/videos/${video.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toEqual({ message: 'Video not found' });
    expect((await ctx.app.inject({ url: `/api/videos/${video.id}` })).statusCode).toBe(401);
    const badId = await ctx.app.inject({
      url: '/api/videos/123',
      headers: { cookie: owner.cookie },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ message: 'Video id must be a UUID' });
  });

  it('lets the owner and editors change title and description; viewers get 403, strangers 404', async () => {
    const owner = await registerAccount(ctx.app);
    const editor = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, owner.cookie);
    await share(video.id, owner.user.id, editor.username, 'edit');
    await share(video.id, owner.user.id, viewer.username, 'view');
    const patch = (cookie: string, payload: object) => patchVideo(video.id, cookie, payload);

    const byOwner = await patch(owner.cookie, { title: 'Renamed', description: 'New notes' });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({ title: 'Renamed', description: 'New notes' });
    const byEditor = await patch(editor.cookie, { description: '' });
    expect(byEditor.statusCode).toBe(200);
    expect(byEditor.json()).toMatchObject({ title: 'Renamed', description: null });

    expect((await patch(viewer.cookie, { title: 'Hijack' })).statusCode).toBe(403);
    expect((await patch(stranger.cookie, { title: 'Hijack' })).statusCode).toBe(404);
    const blank = await patch(owner.cookie, { title: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Title is required' });
    const huge = await patch(owner.cookie, { title: 'x'.repeat(10_000) });
    expect(huge.statusCode).toBe(400);

    const after = await ctx.app.inject({
      url: `/api/videos/${video.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(after.json().title).toBe('Renamed');
  });

  it('lets the owner and editors change the movement until the video has been analysed', async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, owner.cookie);
    await share(video.id, owner.user.id, viewer.username, 'view');
    const patch = (cookie: string, payload: object) => patchVideo(video.id, cookie, payload);
    const stored = async () =>
      (
        await ctx.database.db
          .select({ movement: videos.movement })
          .from(videos)
          .where(eq(videos.id, video.id))
      )[0]!.movement;

    // What a resumed upload sends when the form changed after its first try.
    const changed = await patch(owner.cookie, { title: 'Front squat', movement: 'squat' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Front squat' });
    expect(await stored()).toBe('squat');
    expect((await patch(owner.cookie, { movement: 'auto' })).statusCode).toBe(200);
    expect(await stored()).toBeNull();
    expect((await patch(viewer.cookie, { movement: 'squat' })).statusCode).toBe(403);
    const unknown = await patch(owner.cookie, { movement: 'curling' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Movement must be auto or one of: /);

    // Once a reading is written with the movement, only Regenerate may change it.
    await ctx.database.db
      .insert(analyses)
      .values({ videoId: video.id, status: 'ready', progress: 100, textAnalysis: 'Read' });
    const late = await patch(owner.cookie, { title: 'Still fine', movement: 'squat' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(
      /analysed already: change its movement in the Analysis tab/,
    );
    expect(await stored()).toBeNull();
    expect((await patch(owner.cookie, { title: 'Still fine' })).statusCode).toBe(200);
  });

  it('deletes the video with its files and shares; viewers get 403, strangers 404', async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, owner.cookie);
    await share(video.id, owner.user.id, viewer.username, 'view');
    const remove = (cookie: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/videos/${video.id}`, headers: { cookie } });

    expect((await remove(viewer.cookie)).statusCode).toBe(403);
    expect((await remove(stranger.cookie)).statusCode).toBe(404);
    const deleted = await remove(owner.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Video deleted successfully' });

    expect(await ctx.runtime.deps.blobs.list(`videos/${video.id}/`)).toEqual([]);
    const shares = await ctx.database.db.execute(
      sql`select id from video_shares where video_id = ${video.id}`,
    );
    expect(shares.rows).toEqual([]);
    const gone = await ctx.app.inject({
      url: `/api/videos/${video.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(gone.statusCode).toBe(404);
    expect((await remove(owner.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/students', () => {
  it('gives a coach their roster and an athlete an empty list', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const student = await registerAccount(ctx.app, { name: 'Sam Student' });
    await ctx.database.db
      .insert(coachStudents)
      .values({ coachId: coach.user.id, studentId: student.user.id, status: 'accepted' });

    const roster = await ctx.app.inject({
      url: '/api/students',
      headers: { cookie: coach.cookie },
    });
    expect(roster.statusCode).toBe(200);
    expect(roster.json()).toEqual([
      { id: student.user.id, name: 'Sam Student', username: student.username },
    ]);
    const athletes = await ctx.app.inject({
      url: '/api/students',
      headers: { cookie: student.cookie },
    });
    expect(athletes.json()).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/students' })).statusCode).toBe(401);
  });
});
