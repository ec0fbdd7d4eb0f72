import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo, insertViewShare, MP4_HEADER } from '../../../test/videos';
import { buildApp, type App } from '../../app';
import { videoShares } from '../../db/schema';
import { startRuntime, type Runtime } from '../../runtime';
import { videoKeys } from '../../storage';

/**
 * GET /uploads remembers who may read what, so a player's range reads cost no queries; yet
 * whatever ends an access ends it at once, on the process that ended it and (through NOTIFY)
 * on every other. Process B is a second API process on the same database, with its own app,
 * pool and LISTEN connection.
 */
const ctx = useTestApp();
let processB: Runtime;
let appB: App;

beforeAll(async () => {
  processB = await startRuntime(ctx.config, ctx.database.url, pino({ level: 'silent' }), {
    ownsDatabase: false,
  });
  appB = await buildApp(processB.deps);
  await appB.ready();
});

afterAll(async () => {
  await appB?.close();
  await processB?.stop();
});

type Account = Awaited<ReturnType<typeof registerAccount>>;

/** An owner's ready video shared (view) with a viewer, and the address of its media. */
async function sharedVideo() {
  const owner = await registerAccount(ctx.app);
  const viewer = await registerAccount(ctx.app);
  const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
  const shareId = await insertViewShare(ctx.database.db, videoId, owner, viewer);
  return {
    owner,
    viewer,
    videoId,
    shareId,
    media: `/uploads/videos/${videoId}/media.mp4`,
  };
}

const readSlice = async (app: App, url: string, account: Account) =>
  (await app.inject({ url, headers: { cookie: account.cookie, range: 'bytes=0-7' } })).statusCode;

/** Resolves once process B has heard of an ended access (and acted on it: the same turn). */
const heardOnB = () =>
  new Promise<void>((resolve) => {
    const stop = processB.deps.videoEvents.onAccessEnded(() => {
      stop();
      resolve();
    });
  });

describe('range reads', () => {
  it('cost no query once the first read was allowed', async () => {
    const { viewer, media } = await sharedVideo();
    expect(await readSlice(appB, media, viewer)).toBe(206);
    let checkouts = 0;
    const count = () => (checkouts += 1);
    processB.deps.pool.on('acquire', count);
    try {
      for (let slice = 0; slice < 20; slice += 1) {
        expect(await readSlice(appB, media, viewer)).toBe(206);
      }
    } finally {
      processB.deps.pool.off('acquire', count);
    }
    // A job-queue poll may fall in the window; twenty reads checked one by one would be 40.
    expect(checkouts).toBeLessThan(5);
  });

  it('are still refused to people who may not see the video, and without a session', async () => {
    const { media } = await sharedVideo();
    const stranger = await registerAccount(ctx.app);
    expect(await readSlice(appB, media, stranger)).toBe(404);
    expect(await readSlice(appB, media, stranger)).toBe(404);
    expect((await appB.inject({ url: media })).statusCode).toBe(401);
  });
});

describe('access ends at once for range reads', () => {
  it('when the share is removed: on the process that removed it, and on the others', async () => {
    const { owner, viewer, videoId, shareId, media } = await sharedVideo();
    expect(await readSlice(ctx.app, media, viewer)).toBe(206);
    expect(await readSlice(appB, media, viewer)).toBe(206);

    const heard = heardOnB();
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/${videoId}/shares/${shareId}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(await readSlice(ctx.app, media, viewer)).toBe(404);
    await heard;
    expect(await readSlice(appB, media, viewer)).toBe(404);
    expect(await readSlice(appB, media, owner)).toBe(206);
  });

  it('when the viewer signs out: that session reads nothing more anywhere', async () => {
    const { viewer, media } = await sharedVideo();
    expect(await readSlice(ctx.app, media, viewer)).toBe(206);
    expect(await readSlice(appB, media, viewer)).toBe(206);

    const heard = heardOnB();
    const signedOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: viewer.cookie },
    });
    expect(signedOut.statusCode).toBe(200);
    expect(await readSlice(ctx.app, media, viewer)).toBe(401);
    await heard;
    expect(await readSlice(appB, media, viewer)).toBe(401);
  });

  it('when the video is deleted', async () => {
    const { owner, viewer, videoId, media } = await sharedVideo();
    expect(await readSlice(appB, media, viewer)).toBe(206);
    expect(await readSlice(appB, media, owner)).toBe(206);

    const heard = heardOnB();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/${videoId}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    // As if removing its files had failed (they wait for a sweep): the row decides.
    await ctx.runtime.deps.blobs.write(videoKeys.media(videoId), Readable.from([MP4_HEADER]), {
      contentType: 'video/mp4',
    });
    await heard;
    expect(await readSlice(appB, media, viewer)).toBe(404);
    expect(await readSlice(appB, media, owner)).toBe(404);
  });

  it('while the process cannot hear ended accesses, it trusts nothing it remembered', async () => {
    const { viewer, shareId, media } = await sharedVideo();
    expect(await readSlice(appB, media, viewer)).toBe(206);

    // Process B's LISTEN connection drops: what ends meanwhile, it would never hear of.
    await ctx.database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE query = 'LISTEN filmroom_video_events'
          AND datname = current_database()`,
    );
    await vi.waitFor(() => expect(processB.deps.videoEvents.listening).toBe(false), {
      timeout: 20_000,
    });
    // Removed behind every process's back (no NOTIFY), as a lost notification would leave it.
    await ctx.database.db.delete(videoShares).where(eq(videoShares.id, shareId));
    expect(await readSlice(appB, media, viewer)).toBe(404);

    await vi.waitFor(() => expect(processB.deps.videoEvents.listening).toBe(true), {
      timeout: 20_000,
    });
  });
});
