import type { ExportEvent, VideoExport } from '@filmroom/contract';
import { decodePicture, makeStill, probeMedia } from '@filmroom/media';
import { eq } from 'drizzle-orm';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { insertReadyExport } from '../../../test/exports';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { insertReadyVideo, insertViewShare } from '../../../test/videos';
import { waitUntilPrepared } from '../../../test/wait-for-video';
import { videoExports, videoShares } from '../../db/schema';
import { exportFileKey } from './export-keys';
import { sweepExpiredExports } from './export-service';

const ctx = useTestApp({ WORK_QUEUES: 'media.prepare,export.render' }, { work: true });

type Account = Awaited<ReturnType<typeof registerAccount>>;

const post = (cookie: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie }, payload });

async function exportOf(cookie: string, id: string) {
  return ctx.app.inject({ url: `/api/exports/${id}`, headers: { cookie } });
}

async function waitUntilDone(cookie: string, id: string): Promise<VideoExport> {
  for (let tries = 0; tries < 240; tries++) {
    const view = (await exportOf(cookie, id)).json<VideoExport>();
    if (view.status === 'ready' || view.status === 'failed') return view;
    await sleep(500);
  }
  throw new Error('the export never finished');
}

async function sharedVideo(owner: Account, viewer: Account) {
  const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id, { duration: 10 });
  await insertViewShare(ctx.database.db, videoId, owner, viewer);
  return videoId;
}

describe('export video', () => {
  it('renders a range of a real video with a drawing burned in; the file downloads as an attachment', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const video = await uploadVideo(ctx.app, coach.cookie);
    await waitUntilPrepared(ctx.database.db, video.id);
    const note = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/annotations`,
      headers: { cookie: coach.cookie },
      payload: {
        content: 'Knees out',
        timestamp: 2,
        xPosition: 50,
        yPosition: 50,
        displaySeconds: 3,
        drawing: {
          shapes: [
            {
              kind: 'rectangle',
              colour: '#00e5ff',
              width: 'thick',
              from: { x: 20, y: 30 },
              to: { x: 80, y: 70 },
            },
          ],
        },
      },
    });
    expect(note.statusCode).toBe(201);

    const heard: ExportEvent[] = [];
    const stopListening = ctx.runtime.deps.videoEvents.subscribe((event) => {
      if (event.type === 'export') heard.push(event.data);
    });
    const created = await post(coach.cookie, {
      source: { kind: 'video', videoId: video.id, start: 1, end: 4 },
      overlays: ['drawings', 'captions', 'name'],
    });
    expect(created.statusCode).toBe(201);
    const started = created.json<VideoExport>();
    expect(started).toMatchObject({
      source: { kind: 'video', videoId: video.id },
      videoId: video.id,
      status: 'queued',
      start: 1,
      end: 4,
      downloadUrl: null,
    });

    const done = await waitUntilDone(coach.cookie, started.id);
    expect(done).toMatchObject({ status: 'ready', progress: 100 });
    expect(done.downloadUrl).toBe(`/api/exports/${started.id}/file`);
    // Its progress went out on the event stream, ending ready.
    await expect.poll(() => heard.at(-1)?.status).toBe('ready');
    stopListening();
    expect(heard.every((event) => event.id === started.id)).toBe(true);
    expect(heard.map((event) => event.status)).toContain('rendering');

    const download = await ctx.app.inject({
      url: done.downloadUrl!,
      headers: { cookie: coach.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.mp4"$/);
    expect(download.rawPayload.length).toBe(done.fileSize);
    // A download cut off half-way resumes where it stopped.
    const rest = await ctx.app.inject({
      url: done.downloadUrl!,
      headers: { cookie: coach.cookie, range: 'bytes=1000-' },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-disposition']).toBe(download.headers['content-disposition']);
    expect(rest.rawPayload.equals(download.rawPayload.subarray(1000))).toBe(true);

    const folder = await mkdtemp(path.join(tmpdir(), 'export-test-'));
    const file = path.join(folder, 'export.mp4');
    await writeFile(file, download.rawPayload);
    const probe = await probeMedia(file);
    expect(probe.video?.codec).toBe('h264');
    expect(probe.duration).toBeGreaterThan(2.7);
    expect(probe.duration).toBeLessThan(3.3);
    // 1.5 s into the export is 2.5 s into the video: the drawing's left edge at 20% across.
    const still = path.join(folder, 'still.png');
    await makeStill(file, still, { atSeconds: 1.5, longSide: 1280 });
    const picture = await decodePicture(still, 1280);
    const column = Math.round(0.2 * (picture.width - 1));
    const row = Math.round(0.5 * (picture.height - 1));
    const offset = (row * picture.width + column) * 3;
    const [r, g, b] = picture.data.slice(offset, offset + 3);
    expect(r).toBeLessThan(90);
    expect(g).toBeGreaterThan(170);
    expect(b).toBeGreaterThan(170);

    const mine = await ctx.app.inject({ url: '/api/exports', headers: { cookie: coach.cookie } });
    expect(mine.json<{ exports: VideoExport[] }>().exports.map((listed) => listed.id)).toEqual([
      started.id,
    ]);
  });

  it.each([
    [{ source: { kind: 'video', videoId: 'VIDEO', start: 11 }, overlays: [] }, /source.start/],
    [{ source: { kind: 'video', videoId: 'VIDEO', end: 12 }, overlays: [] }, /source.end is past/],
    [{ source: { kind: 'video', videoId: 'VIDEO', start: 5, end: 5 }, overlays: [] }, /after/],
    [
      { source: { kind: 'video', videoId: 'VIDEO' }, overlays: ['sparkles'] },
      /overlay must be one of/,
    ],
    [{ source: { kind: 'video', videoId: 'VIDEO' }, overlays: ['name', 'name'] }, /once/],
    [{ source: { kind: 'reel', id: 'VIDEO' }, overlays: [] }, /source.kind/],
    [{ source: { kind: 'video', videoId: 'VIDEO', start: -1 }, overlays: [] }, /source.start/],
  ])('refuses %j with 400 and a message', async (body, message) => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const videoId = await insertReadyVideo(ctx.runtime.deps, coach.user.id, { duration: 10 });
    const payload = JSON.parse(JSON.stringify(body).replaceAll('VIDEO', videoId)) as object;
    const response = await post(coach.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('answers 404 for a video the person may not view, and 409 for one still being prepared', async () => {
    const [coach, stranger] = await Promise.all([
      registerAccount(ctx.app, { isCoach: true }),
      registerAccount(ctx.app),
    ]);
    const videoId = await insertReadyVideo(ctx.runtime.deps, coach.user.id);
    const body = { source: { kind: 'video', videoId }, overlays: ['drawings'] };
    expect((await post(stranger.cookie, body)).statusCode).toBe(404);
    const unready = await insertReadyVideo(ctx.runtime.deps, coach.user.id, { duration: null });
    const refused = await post(coach.cookie, {
      ...body,
      source: { kind: 'video', videoId: unready },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('checks access at download: a viewer whose share ends can no longer fetch the file', async () => {
    const [coach, viewer] = await Promise.all([
      registerAccount(ctx.app, { isCoach: true }),
      registerAccount(ctx.app),
    ]);
    const videoId = await sharedVideo(coach, viewer);
    const exportId = await insertReadyExport(ctx.runtime.deps, videoId, coach.user.id);
    const file = `/api/exports/${exportId}/file`;
    expect(
      (await ctx.app.inject({ url: file, headers: { cookie: viewer.cookie } })).statusCode,
    ).toBe(200);

    await ctx.database.db.delete(videoShares).where(eq(videoShares.videoId, videoId));
    expect(
      (await ctx.app.inject({ url: file, headers: { cookie: viewer.cookie } })).statusCode,
    ).toBe(404);
    expect((await exportOf(viewer.cookie, exportId)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: file, headers: { cookie: coach.cookie } })).statusCode,
    ).toBe(200);
  });

  it('lets the viewer who asked remove their export, but not one the owner made', async () => {
    const [coach, viewer] = await Promise.all([
      registerAccount(ctx.app, { isCoach: true }),
      registerAccount(ctx.app),
    ]);
    const videoId = await sharedVideo(coach, viewer);
    const coachs = await insertReadyExport(ctx.runtime.deps, videoId, coach.user.id);
    const viewers = await insertReadyExport(ctx.runtime.deps, videoId, viewer.user.id);
    const remove = (id: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/exports/${id}`,
        headers: { cookie: viewer.cookie },
      });
    expect((await remove(coachs)).statusCode).toBe(404);
    expect((await remove(viewers)).statusCode).toBe(200);
    expect((await exportOf(viewer.cookie, viewers)).statusCode).toBe(404);
    expect(await ctx.runtime.deps.blobs.stat(exportFileKey(videoId, viewers))).toBeNull();
    expect((await exportOf(viewer.cookie, coachs)).statusCode).toBe(200);
  });

  it('answers 409 for the file of an export still being made', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const videoId = await insertReadyVideo(ctx.runtime.deps, coach.user.id);
    const exportId = await insertReadyExport(ctx.runtime.deps, videoId, coach.user.id);
    await ctx.database.db
      .update(videoExports)
      .set({ status: 'rendering', progress: 40 })
      .where(eq(videoExports.id, exportId));
    const response = await ctx.app.inject({
      url: `/api/exports/${exportId}/file`,
      headers: { cookie: coach.cookie },
    });
    expect(response.statusCode).toBe(409);
  });

  it('sweeps expired exports, file and row; until then an expired one is already gone to everyone', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const videoId = await insertReadyVideo(ctx.runtime.deps, coach.user.id);
    const expired = await insertReadyExport(ctx.runtime.deps, videoId, coach.user.id, {
      expiresAt: new Date(Date.now() - 1000),
    });
    const kept = await insertReadyExport(ctx.runtime.deps, videoId, coach.user.id);
    expect((await exportOf(coach.cookie, expired)).statusCode).toBe(404);

    expect(await sweepExpiredExports(ctx.runtime.deps)).toBeGreaterThanOrEqual(1);
    const rows = await ctx.database.db
      .select()
      .from(videoExports)
      .where(eq(videoExports.videoId, videoId));
    expect(rows.map((row) => row.id)).toEqual([kept]);
    expect(await ctx.runtime.deps.blobs.stat(exportFileKey(videoId, expired))).toBeNull();
    expect(await ctx.runtime.deps.blobs.stat(exportFileKey(videoId, kept))).not.toBeNull();
  });

  it("queues a viewer's export in the viewer's own fair share of the queue, not the owner's", async () => {
    const [coach, viewer] = await Promise.all([
      registerAccount(ctx.app, { isCoach: true }),
      registerAccount(ctx.app),
    ]);
    const videoId = await sharedVideo(coach, viewer);
    const created = await post(viewer.cookie, { source: { kind: 'video', videoId }, overlays: [] });
    expect(created.statusCode).toBe(201);
    const { rows } = await ctx.database.pool.query<{ group_id: string }>(
      `SELECT group_id FROM pgboss.job WHERE name = 'export.render' AND data->>'exportId' = $1`,
      [created.json<VideoExport>().id],
    );
    expect(rows).toEqual([{ group_id: viewer.user.id }]);
  });

  it('keeps exports as long as EXPORT_KEEP_DAYS says', async () => {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const videoId = await insertReadyVideo(ctx.runtime.deps, coach.user.id, { duration: 10 });
    const created = (
      await post(coach.cookie, { source: { kind: 'video', videoId }, overlays: [] })
    ).json<VideoExport>();
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(ctx.config.exportKeepSeconds / 86_400, 2);
    expect(ctx.config.exportKeepSeconds).toBe(7 * 86_400);
  });
});
