import { eq } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { addAcceptedStudent } from '../../../test/roster';
import { listenToEvents } from '../../../test/http-client';
import { useTestApp } from '../../../test/test-app';
import { insertReadyVideo, insertViewShare } from '../../../test/videos';
import { buildApp, type App } from '../../app';
import { userPhotos, users } from '../../db/schema';
import { startRuntime, type Runtime } from '../../runtime';
import { VideoEvents } from '../events/video-events';
import { videoKeys } from '../../storage';
import { endAccess } from './end-access';
import { profilePhotoKey } from './profile-photos';

/**
 * Access ends at once, on every API process: the removal goes through process A, the person
 * watches through process B (its own app, database pool and LISTEN connection, as a second
 * `--role api` process has).
 */
const ctx = useTestApp();
let processB: Runtime;
let appB: App;
let a: string;
let b: string;
// More than the socket buffers hold: a download of it is still running when access ends.
const MEDIA_BYTES = 64 * 1024 * 1024;

beforeAll(async () => {
  a = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  processB = await startRuntime(ctx.config, ctx.database.url, pino({ level: 'silent' }), {
    ownsDatabase: false,
  });
  appB = await buildApp(processB.deps);
  b = await appB.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await appB?.close();
  await processB?.stop();
});

type Account = Awaited<ReturnType<typeof registerAccount>>;

const annotationsChanged = (videoId: string) =>
  VideoEvents.publishAnnotationsChanged(ctx.database.pool, videoId);

/** A video of `owner`'s whose media file is large. */
async function videoWithLargeMedia(owner: Account) {
  const videoId = await insertReadyVideo(ctx.runtime.deps, owner.user.id);
  await ctx.runtime.deps.blobs.write(
    videoKeys.media(videoId),
    Readable.from([randomBytes(MEDIA_BYTES)]),
    { contentType: 'video/mp4' },
  );
  return videoId;
}

const share = (videoId: string, owner: Account, viewer: Account) =>
  insertViewShare(ctx.database.db, videoId, owner, viewer);

/** As the owner does it: through process A's API. */
async function removeShare(owner: Account, videoId: string, shareId: string) {
  const removed = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/videos/${videoId}/shares/${shareId}`,
    headers: { cookie: owner.cookie },
  });
  expect(removed.statusCode).toBe(200);
}

/** A download begun and then left unread, as a paused video player leaves it. */
async function startDownload(origin: string, url: string, cookie: string) {
  const response = await fetch(`${origin}${url}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  return {
    /** Reads the rest: the bytes received, or the error that cut it. */
    finish: async (): Promise<{ bytes: number; error?: unknown }> => {
      let bytes = first.value!.byteLength;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return { bytes };
          bytes += value.byteLength;
        }
      } catch (error) {
        return { bytes, error };
      }
    },
  };
}

/** Waits until the stream has `type` event about video `id`. */
async function heard(
  stream: Awaited<ReturnType<typeof listenToEvents>>,
  type: string,
  id: string,
): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!stream.events.some((e) => e.event === type && (e.data as { id: string }).id === id)) {
    if (Date.now() > deadline) throw new Error(`no ${type} event for ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const about = (stream: Awaited<ReturnType<typeof listenToEvents>>, id: string) =>
  stream.events.filter((event) => (event.data as { id: string }).id === id).length;

describe('removing a share', () => {
  it("stops the viewer's events and media on every API process at once", async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const videoId = await videoWithLargeMedia(owner);
    const viewersOwn = await insertReadyVideo(ctx.runtime.deps, viewer.user.id);
    const shareId = await share(videoId, owner, viewer);
    const mediaUrl = `/uploads/videos/${videoId}/media.mp4`;

    const stream = await listenToEvents(b, viewer.cookie);
    try {
      // While shared, the viewer hears about the video (and process B trusts that for a while).
      await annotationsChanged(videoId);
      await heard(stream, 'annotations', videoId);
      const download = await startDownload(b, mediaUrl, viewer.cookie);

      await removeShare(owner, videoId, shareId);

      // The next event about the video is not delivered. Events reach a stream in order, so
      // once the one after it (about the viewer's own video) is in, it would have been too.
      await annotationsChanged(videoId);
      await annotationsChanged(viewersOwn);
      await heard(stream, 'annotations', viewersOwn);
      expect(about(stream, videoId)).toBe(1);

      // The download in progress is cut, and the next request is refused on both processes.
      const rest = await download.finish();
      expect(rest.error).toBeDefined();
      expect(rest.bytes).toBeLessThan(MEDIA_BYTES);
      for (const origin of [a, b]) {
        const again = await fetch(`${origin}${mediaUrl}`, { headers: { cookie: viewer.cookie } });
        expect(again.status).toBe(404);
      }

      // The owner still hears about it and downloads it whole.
      const ownerStream = await listenToEvents(b, owner.cookie);
      try {
        await annotationsChanged(videoId);
        await heard(ownerStream, 'annotations', videoId);
      } finally {
        await ownerStream.close();
      }
      const ownerDownload = await startDownload(b, mediaUrl, owner.cookie);
      expect(await ownerDownload.finish()).toEqual({ bytes: MEDIA_BYTES });
    } finally {
      await stream.close();
    }
  });

  it('leaves the downloads and events of people who keep their access alone', async () => {
    const owner = await registerAccount(ctx.app);
    const kept = await registerAccount(ctx.app);
    const dropped = await registerAccount(ctx.app);
    const videoId = await videoWithLargeMedia(owner);
    await share(videoId, owner, kept);
    const droppedShare = await share(videoId, owner, dropped);

    const stream = await listenToEvents(b, kept.cookie);
    try {
      const download = await startDownload(b, `/uploads/videos/${videoId}/media.mp4`, kept.cookie);
      await endAccess(ctx.runtime.deps.videoEvents, ctx.database.pool, [{ userId: kept.user.id }]); // nothing of theirs ended
      await removeShare(owner, videoId, droppedShare);
      await annotationsChanged(videoId);
      await heard(stream, 'annotations', videoId);
      expect(await download.finish()).toEqual({ bytes: MEDIA_BYTES });
    } finally {
      await stream.close();
    }
  });
});

describe('removing an athlete from a roster', () => {
  /** A coach and an athlete on their list, each with a photo the other may see. */
  async function rosterWithPhotos() {
    const coach = await registerAccount(ctx.app, { isCoach: true });
    const athlete = await registerAccount(ctx.app);
    const linkId = await addAcceptedStudent(ctx.app, coach, athlete);
    const photoOf = async (account: Account) => {
      const id = randomUUID();
      const key = profilePhotoKey(account.user.id, id);
      await ctx.runtime.deps.blobs.write(key, Readable.from([randomBytes(1024)]), {
        contentType: 'image/jpeg',
      });
      await ctx.database.db
        .insert(userPhotos)
        .values({ id, userId: account.user.id, blobKey: key });
      return `/uploads/${key}`;
    };
    const athletePhoto = await photoOf(athlete);
    const coachPhoto = await photoOf(coach);
    expect(await status(athletePhoto, coach.cookie)).toBe(200);
    expect(await status(coachPhoto, athlete.cookie)).toBe(200);
    return { coach, athlete, linkId, athletePhoto, coachPhoto };
  }
  const status = async (url: string, cookie: string) =>
    (await fetch(`${b}${url}`, { headers: { cookie } })).status;
  /** Resolves once process B has heard of an ended access (and acted on it: same turn). */
  const heardOnB = () =>
    new Promise<void>((resolve) => {
      const stop = processB.deps.videoEvents.onAccessEnded(() => {
        stop();
        resolve();
      });
    });

  it("ends the coach's and the athlete's sight of each other's photos", async () => {
    const { coach, athlete, athletePhoto, coachPhoto } = await rosterWithPhotos();
    const heard = heardOnB();
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/coach/students/${athlete.user.id}`,
      headers: { cookie: coach.cookie },
    });
    expect(removed.statusCode).toBe(200);
    await heard;
    expect(await status(athletePhoto, coach.cookie)).toBe(404);
    expect(await status(coachPhoto, athlete.cookie)).toBe(404);
    expect(await status(athletePhoto, athlete.cookie)).toBe(200);
  });

  it('ends them when the athlete leaves the list', async () => {
    const { coach, athlete, linkId, athletePhoto, coachPhoto } = await rosterWithPhotos();
    const heard = heardOnB();
    const left = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/roster/coaches/${linkId}`,
      headers: { cookie: athlete.cookie },
    });
    expect(left.statusCode).toBeLessThan(300);
    await heard;
    expect(await status(athletePhoto, coach.cookie)).toBe(404);
    expect(await status(coachPhoto, athlete.cookie)).toBe(404);
  });
});

describe('deleting an account', () => {
  it('ends its event streams and downloads on every process', async () => {
    const owner = await registerAccount(ctx.app);
    const leaving = await registerAccount(ctx.app);
    const videoId = await videoWithLargeMedia(owner);
    await share(videoId, owner, leaving);

    const stream = await listenToEvents(b, leaving.cookie);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    const download = await startDownload(b, `/uploads/videos/${videoId}/media.mp4`, leaving.cookie);
    // What an account deletion does: the row goes (sessions with it), then endAccess. The share
    // by address stays, for whoever proves that address next.
    await ctx.database.db.delete(users).where(eq(users.id, leaving.user.id));
    expect(ended).toBe(false);
    await endAccess(ctx.runtime.deps.videoEvents, ctx.database.pool, [{ userId: leaving.user.id }]);

    await stream.ended;
    const rest = await download.finish();
    expect(rest.error).toBeDefined();
    const again = await fetch(`${b}/uploads/videos/${videoId}/media.mp4`, {
      headers: { cookie: leaving.cookie },
    });
    expect(again.status).toBe(401);
  });
});
