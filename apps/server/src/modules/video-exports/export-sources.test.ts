import type { ClipDetail, Playlist, VideoExport } from '@filmroom/contract';
import { probeMedia } from '@filmroom/media';
import { eq } from 'drizzle-orm';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { insertPlayableVideo } from '../../../test/clip-videos';
import { useTestApp } from '../../../test/test-app';
import { annotations, videoExports, videoShares } from '../../db/schema';
import type { VideoChannelEvent } from '../events/video-events';
import { sweepExpiredExports } from './export-service';

const ctx = useTestApp({ WORK_QUEUES: 'export.render' }, { work: true });

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

async function waitUntilDone(cookie: string, id: string): Promise<VideoExport> {
  for (let tries = 0; tries < 240; tries++) {
    const view = (await call('GET', `/api/exports/${id}`, cookie)).json<VideoExport>();
    if (view.status === 'ready' || view.status === 'failed') return view;
    await sleep(250);
  }
  throw new Error('the export never finished');
}

/**
 * A coach's playlist "Week 3" of a 1–3 s clip of one real video (a drawing at 2 s) and a 0–1.5 s
 * clip of another, shared with a confirmed athlete; and a stranger.
 */
async function sharedPlaylist() {
  const [coach, athlete, stranger] = await Promise.all([
    registerAccount(ctx.app, { name: 'Coach Carter', isCoach: true }),
    registerAccount(ctx.app, { name: 'Athlete Ann' }),
    registerAccount(ctx.app),
  ]);
  const squats = await insertPlayableVideo(ctx.runtime.deps, coach.user.id, { title: 'Squats' });
  const lunges = await insertPlayableVideo(ctx.runtime.deps, coach.user.id, { title: 'Lunges' });
  await ctx.database.db.insert(annotations).values({
    videoId: squats,
    userId: coach.user.id,
    timestamp: 2,
    xPosition: 50,
    yPosition: 50,
    content: 'Chest up',
  });
  const clip = async (videoId: string, title: string, start: number, end: number) => {
    const made = await call('POST', '/api/clips', coach.cookie, { videoId, title, start, end });
    expect(made.statusCode).toBe(201);
    return made.json<ClipDetail>();
  };
  const first = await clip(squats, 'Bottom', 1, 3);
  const second = await clip(lunges, 'Step', 0, 1.5);
  const created = await call('POST', '/api/playlists', coach.cookie, {
    title: 'Week 3',
    clipIds: [first.id, second.id],
  });
  expect(created.statusCode).toBe(201);
  const playlist = created.json<Playlist>();
  const shared = await call('POST', `/api/playlists/${playlist.id}/shares`, coach.cookie, {
    email: athlete.username,
  });
  expect(shared.statusCode).toBe(201);
  return { coach, athlete, stranger, squats, lunges, first, second, playlist };
}

async function downloaded(cookie: string, view: VideoExport) {
  const response = await call('GET', view.downloadUrl!, cookie);
  expect(response.statusCode).toBe(200);
  const folder = await mkdtemp(path.join(tmpdir(), 'export-source-'));
  const file = path.join(folder, 'export.mp4');
  await writeFile(file, response.rawPayload);
  return { file, disposition: response.headers['content-disposition'] };
}

describe('export of a clip or a playlist', () => {
  it('joins a playlist’s clips into one file its viewers may download, but never its videos whole', async () => {
    const { coach, athlete, stranger, squats, first, playlist } = await sharedPlaylist();
    const heard: Extract<VideoChannelEvent, { type: 'export' }>[] = [];
    const stopListening = ctx.runtime.deps.videoEvents.subscribe((event) => {
      if (event.type === 'export') heard.push(event);
    });
    const created = await call('POST', '/api/exports', coach.cookie, {
      source: { kind: 'playlist', playlistId: playlist.id },
      overlays: ['captions', 'name'],
    });
    expect(created.statusCode).toBe(201);
    const started = created.json<VideoExport>();
    expect(started).toMatchObject({
      source: { kind: 'playlist', playlistId: playlist.id },
      videoId: null,
      title: 'Week 3',
      start: 0,
      end: 3.5,
    });
    const done = await waitUntilDone(coach.cookie, started.id);
    expect(done).toMatchObject({ status: 'ready', progress: 100 });
    await expect
      .poll(() => heard.at(-1)?.type === 'export' && heard.at(-1)?.data.status)
      .toBe('ready');
    stopListening();
    // Progress is addressed to whoever asked, not to everyone who may view the videos.
    expect(heard.every((event) => event.to === coach.user.id)).toBe(true);

    // The athlete the playlist was shared with may follow and download it: both clips, in turn.
    expect((await call('GET', `/api/exports/${started.id}`, athlete.cookie)).statusCode).toBe(200);
    const { file, disposition } = await downloaded(athlete.cookie, done);
    expect(disposition).toMatch(/filename="Week-3-/);
    const probe = await probeMedia(file);
    expect(probe.video?.codec).toBe('h264');
    expect(probe.duration).toBeGreaterThan(3.3);
    expect(probe.duration).toBeLessThan(3.8);
    // A stranger hears of none of it.
    expect((await call('GET', `/api/exports/${started.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', done.downloadUrl!, stranger.cookie)).statusCode).toBe(404);

    // The athlete may export a clip of the playlist (its range only)...
    const clipExport = await call('POST', '/api/exports', athlete.cookie, {
      source: { kind: 'clip', clipId: first.id },
      overlays: ['captions'],
    });
    expect(clipExport.statusCode).toBe(201);
    expect(clipExport.json<VideoExport>()).toMatchObject({
      source: { kind: 'clip', clipId: first.id },
      videoId: squats,
      title: 'Bottom',
      start: 1,
      end: 3,
    });
    const clipDone = await waitUntilDone(athlete.cookie, clipExport.json<VideoExport>().id);
    expect(clipDone.status).toBe('ready');
    const clipFile = await probeMedia((await downloaded(athlete.cookie, clipDone)).file);
    expect(clipFile.duration).toBeGreaterThan(1.8);
    expect(clipFile.duration).toBeLessThan(2.3);
    expect(
      (await call('GET', '/api/exports', athlete.cookie))
        .json<{ exports: VideoExport[] }>()
        .exports.map((listed) => listed.id),
    ).toEqual([clipDone.id]);

    // ...but never the whole source video: neither start such an export nor fetch the coach's.
    const whole = { source: { kind: 'video', videoId: squats }, overlays: [] };
    expect((await call('POST', '/api/exports', athlete.cookie, whole)).statusCode).toBe(404);
    const coachsWhole = await call('POST', '/api/exports', coach.cookie, whole);
    expect(coachsWhole.statusCode).toBe(201);
    const wholeId = coachsWhole.json<VideoExport>().id;
    expect((await call('GET', `/api/exports/${wholeId}`, athlete.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/exports/${wholeId}/file`, athlete.cookie)).statusCode).toBe(
      404,
    );
    // Strangers may not export the clip or the playlist either.
    for (const source of [
      { kind: 'clip', clipId: first.id },
      { kind: 'playlist', playlistId: playlist.id },
    ]) {
      const refused = await call('POST', '/api/exports', stranger.cookie, { source, overlays: [] });
      expect(refused.statusCode).toBe(404);
    }
    // Nor may the athlete remove the coach's export of the playlist.
    expect((await call('DELETE', `/api/exports/${started.id}`, athlete.cookie)).statusCode).toBe(
      404,
    );
  });

  it('closes the exports whose playlist share, clip or video went, and sweeps them', async () => {
    const { coach, athlete, lunges, first, playlist } = await sharedPlaylist();
    const start = async (cookie: string, source: object) => {
      const created = await call('POST', '/api/exports', cookie, { source, overlays: [] });
      expect(created.statusCode).toBe(201);
      return waitUntilDone(cookie, created.json<VideoExport>().id);
    };
    const ofPlaylist = await start(coach.cookie, { kind: 'playlist', playlistId: playlist.id });
    const ofClip = await start(coach.cookie, { kind: 'clip', clipId: first.id });
    expect([ofPlaylist.status, ofClip.status]).toEqual(['ready', 'ready']);

    const shareId = (
      await call('GET', `/api/playlists/${playlist.id}`, coach.cookie)
    ).json<Playlist>().shares[0]!.id;
    await call('DELETE', `/api/playlists/${playlist.id}/shares/${shareId}`, coach.cookie);
    expect((await call('GET', ofPlaylist.downloadUrl!, athlete.cookie)).statusCode).toBe(404);
    expect((await call('GET', ofPlaylist.downloadUrl!, coach.cookie)).statusCode).toBe(200);

    // A deleted clip takes its export with it; a deleted video, every playlist export holding it.
    expect((await call('DELETE', `/api/clips/${first.id}`, coach.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/exports/${ofClip.id}`, coach.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/videos/${lunges}`, coach.cookie)).statusCode).toBe(200);
    expect((await call('GET', ofPlaylist.downloadUrl!, coach.cookie)).statusCode).toBe(404);

    await sweepExpiredExports(ctx.runtime.deps);
    const left = await ctx.database.db
      .select({ id: videoExports.id })
      .from(videoExports)
      .where(eq(videoExports.ownerId, coach.user.id));
    expect(left).toEqual([]);
  });

  it('closes a playlist export for everyone once its exporter may no longer view a video in it', async () => {
    // Finding 4 of issue 28: Carol shares a video with Bob; Bob clips it into a playlist shared
    // with Dave and exports the playlist; Carol removes Bob's share. The file, Carol's footage,
    // still downloaded for Bob and Dave until it expired.
    const [carol, bob, dave] = await Promise.all([
      registerAccount(ctx.app, { name: 'Carol', isCoach: true }),
      registerAccount(ctx.app, { name: 'Bob', isCoach: true }),
      registerAccount(ctx.app, { name: 'Dave' }),
    ]);
    const carols = await insertPlayableVideo(ctx.runtime.deps, carol.user.id, { title: 'Carol’s' });
    const bobs = await insertPlayableVideo(ctx.runtime.deps, bob.user.id, { title: 'Bob’s' });
    // Edit access: sharing a playlist of clips of someone else's video onward needs it.
    const [share] = await ctx.database.db
      .insert(videoShares)
      .values({
        videoId: carols,
        sharedWithEmail: bob.username,
        accessLevel: 'edit',
        sharedById: carol.user.id,
      })
      .returning();
    const clipOf = async (videoId: string) =>
      (
        await call('POST', '/api/clips', bob.cookie, { videoId, title: 'Clip', start: 0, end: 1 })
      ).json<ClipDetail>().id;
    const created = await call('POST', '/api/playlists', bob.cookie, {
      title: 'Mixed',
      clipIds: [await clipOf(carols), await clipOf(bobs)],
    });
    const playlist = created.json<Playlist>();
    const sharedOn = await call('POST', `/api/playlists/${playlist.id}/shares`, bob.cookie, {
      email: dave.username,
    });
    expect(sharedOn.statusCode).toBe(201);
    const started = await call('POST', '/api/exports', bob.cookie, {
      source: { kind: 'playlist', playlistId: playlist.id },
      overlays: [],
    });
    const done = await waitUntilDone(bob.cookie, started.json<VideoExport>().id);
    expect(done.status).toBe('ready');
    for (const person of [bob, dave]) {
      expect((await call('GET', done.downloadUrl!, person.cookie)).statusCode).toBe(200);
    }

    const removed = await call('DELETE', `/api/videos/${carols}/shares/${share!.id}`, carol.cookie);
    expect(removed.statusCode).toBe(200);
    for (const person of [bob, dave]) {
      expect((await call('GET', done.downloadUrl!, person.cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/exports/${done.id}`, person.cookie)).statusCode).toBe(404);
    }
    // The playlist itself plays on with Bob's own clip.
    const left = (await call('GET', `/api/playlists/${playlist.id}`, dave.cookie)).json<Playlist>();
    expect(left.items).toHaveLength(1);
  });

  it.each([
    [{ kind: 'clip', clipId: 'nope' }, 400, /source.clipId must be a clip id/],
    [{ kind: 'playlist' }, 400, /source.playlistId is required/],
    [{ kind: 'reel', id: 'x' }, 400, /source.kind must be video, clip or playlist/],
    [{ kind: 'clip', clipId: '00000000-0000-4000-8000-000000000000' }, 404, /Clip not found/],
  ])('answers %j with %i and a message', async (source, status, message) => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const response = await call('POST', '/api/exports', coach.cookie, { source, overlays: [] });
    expect(response.statusCode).toBe(status);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('refuses to export an empty playlist with 409', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const created = await call('POST', '/api/playlists', coach.cookie, { title: 'Empty' });
    expect(created.statusCode).toBe(201);
    const response = await call('POST', '/api/exports', coach.cookie, {
      source: { kind: 'playlist', playlistId: created.json<Playlist>().id },
      overlays: [],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/no clips/);
  });
});
