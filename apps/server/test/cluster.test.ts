import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { connectDatabase } from '../src/db/connection';
import { users, videoShares } from '../src/db/schema';
import { createBlobStore } from '../src/storage';
import {
  listenToEvents,
  postJson,
  signUp,
  uploadFile,
  videoOn,
  waitForVideo,
  type ServerSentEvent,
} from './http-client';
import { makeClip } from './media-clips';
import { createProcessDatabase } from './process-database';
import { startS3Server } from './s3-server';
import { runDoctor, startServerProcess, type ServerProcess } from './server-process';
import { fixture } from './uploads';
import { insertReadyVideo } from './videos';

/**
 * FilmRoom as a cluster: a standalone PostgreSQL (the test run's server), an S3 store
 * (s3rver), two API processes and a worker, all separate processes of the real entry point.
 * Nothing is shared between them but the database and the bucket.
 */
describe('a cluster of two API processes and a worker on PostgreSQL and S3', () => {
  let database: Awaited<ReturnType<typeof createProcessDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let dataRoot: string;
  let env: Record<string, string>;
  const processes: ServerProcess[] = [];
  const start = async (name: string, role: 'api' | 'worker') => {
    // Each process gets a DATA_DIR of its own: only scratch files may live there.
    const server = await startServerProcess({
      ...env,
      ROLE: role,
      DATA_DIR: `${dataRoot}/${name}`,
    });
    processes.push(server);
    return server;
  };

  beforeAll(async () => {
    database = await createProcessDatabase('cluster');
    s3 = await startS3Server();
    dataRoot = await mkdtemp(path.join(tmpdir(), 'filmroom-cluster-'));
    env = {
      DATABASE_URL: database.url,
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
      VISION_WORKERS: '1',
      // The 20 s film below is there for its transcode: it waits for chosen ranges instead of
      // being scanned whole on the worker while the next test runs.
      AUTO_ANALYSIS_MAX_SECONDS: '10',
    };
  }, 60_000);

  afterAll(async () => {
    for (const server of processes) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        await server.stop('SIGTERM');
      }
    }
    await s3?.stop();
    await database?.drop();
    await rm(dataRoot, { recursive: true, force: true });
  }, 60_000);

  it(
    'uploads through one API, follows progress and streams through the other, analyses on the worker; a killed worker’s job finishes on the next',
    { timeout: 300_000 },
    async () => {
      const [api1, api2, worker] = await Promise.all([
        start('api-1', 'api'),
        start('api-2', 'api'),
        start('worker-1', 'worker'),
      ]);
      expect(api1.origin).not.toBe(api2.origin);

      // The session made by API 1 is good on API 2: sessions live in PostgreSQL.
      const cookie = await signUp(api1.origin, 'Cleo');
      const events = await listenToEvents(api2.origin, cookie);
      try {
        // Six seconds of jumping jacks: the analysis is what is tested, not the length of its scan.
        const jacks = await uploadFile(
          api1.origin,
          cookie,
          fixture('video/jumpingjacks_front-studio.mp4'),
          'video/mp4',
        );
        const analysed = await waitForVideo(
          api2.origin,
          cookie,
          jacks.id,
          (video) => video.analysisState?.status === 'ready' || video.status === 'failed',
          180_000,
        );
        expect(analysed.status).toBe('ready');
        expect(analysed.analysis?.coachingPoints?.length).toBeGreaterThan(0);

        // Progress reached the browser connected to API 2, though the worker made it.
        const about = (type: string) =>
          events.events.filter(
            (event: ServerSentEvent) =>
              event.event === type && (event.data as { id: string }).id === jacks.id,
          );
        expect(about('video').map((event) => (event.data as { status: string }).status)).toContain(
          'ready',
        );
        expect(
          about('analysis').map((event) => (event.data as { status: string }).status),
        ).toContain('ready');

        // The prepared file streams through API 2 (a signed redirect to the bucket), with ranges.
        const media = await fetch(`${api2.origin}${analysed.url}`, {
          headers: { cookie, range: 'bytes=0-1023' },
        });
        expect(media.status).toBe(206);
        expect((await media.arrayBuffer()).byteLength).toBe(1024);
        expect(media.url).toContain(s3.settings.endpoint);
      } finally {
        await events.close();
      }

      // A long transcode, so the worker is surely mid-job when it dies.
      const clip = await makeClip('cluster-long.mov', {
        size: '1280x720',
        seconds: 20,
        videoArgs: ['-c:v', 'mpeg4', '-q:v', '5'],
      });
      const long = await uploadFile(api1.origin, cookie, clip, 'video/quicktime');
      const midway = await waitForVideo(
        api2.origin,
        cookie,
        long.id,
        (video) => video.progress > 0,
        90_000,
      );
      expect(midway.status).toBe('processing');
      await worker.stop('SIGKILL');

      const nextWorker = await start('worker-2', 'worker');
      const finished = await waitForVideo(
        api1.origin,
        cookie,
        long.id,
        (video) => video.status !== 'processing',
        150_000,
      );
      expect(finished).toMatchObject({ status: 'ready', progress: 100, width: 1280, height: 720 });
      expect(nextWorker.output()).toContain('took over a job interrupted by a stopped worker');
      expect((await videoOn(api2.origin, cookie, long.id)).status).toBe('ready');

      // The doctor sees the cluster as its processes do: rows in PostgreSQL, files in the bucket.
      const doctor = await runDoctor({ ...env, DATA_DIR: `${dataRoot}/doctor` });
      expect(doctor.code, doctor.output).toBe(0);
      expect(doctor.output).toContain('2 videos,');
      // The bucket lists its unfinished multipart uploads (none here), so they are checked too.
      expect(doctor.output).not.toContain('unfinished uploads');
    },
  );

  it(
    "ends a removed viewer's live events on the other API process at once",
    { timeout: 120_000 },
    async () => {
      const [api3, api4] = await Promise.all([start('api-3', 'api'), start('api-4', 'api')]);
      const database = connectDatabase(env.DATABASE_URL!);
      try {
        const owner = await signUp(api3.origin, 'Olga');
        const viewer = await signUp(api3.origin, 'Vic', false);
        const whoIs = async (cookie: string) =>
          (await (await fetch(`${api3.origin}/api/user`, { headers: { cookie } })).json()) as {
            id: string;
            username: string;
          };
        const [ownerUser, viewerUser] = await Promise.all([whoIs(owner), whoIs(viewer)]);
        // The viewer has proven their address (as by the mailed link): shares reach only that.
        await database.db
          .update(users)
          .set({ emailConfirmedAt: new Date() })
          .where(eq(users.id, viewerUser.id));
        const deps = {
          db: database.db,
          blobs: await createBlobStore(loadConfig({ ...env, DATA_DIR: `${dataRoot}/seed` })),
        };
        const shared = await insertReadyVideo(deps, ownerUser.id, { title: 'Shared' });
        const viewersOwn = await insertReadyVideo(deps, viewerUser.id, { title: 'Own' });
        const [share] = await database.db
          .insert(videoShares)
          .values({
            videoId: shared,
            sharedWithEmail: viewerUser.username,
            accessLevel: 'view',
            sharedById: ownerUser.id,
          })
          .returning();

        const annotate = async (cookie: string, videoId: string) => {
          const response = await postJson(
            api3.origin,
            `/api/videos/${videoId}/annotations`,
            { content: 'Chest up', timestamp: 1, xPosition: 50, yPosition: 50 },
            cookie,
          );
          expect(response.status).toBe(201);
        };
        const heardAbout = (videoId: string) =>
          events.events.filter(
            (event) =>
              event.event === 'annotations' && (event.data as { id: string }).id === videoId,
          ).length;
        const until = async (done: () => boolean) => {
          const deadline = Date.now() + 30_000;
          while (!done()) {
            if (Date.now() > deadline) throw new Error(`gave up: ${JSON.stringify(events.events)}`);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        };

        // The viewer watches on API 4; everything else goes through API 3.
        const events = await listenToEvents(api4.origin, viewer);
        try {
          await annotate(owner, shared);
          await until(() => heardAbout(shared) === 1);

          const removed = await fetch(`${api3.origin}/api/videos/${shared}/shares/${share!.id}`, {
            method: 'DELETE',
            headers: { cookie: owner, origin: api3.origin },
          });
          expect(removed.status).toBe(200);
          await annotate(owner, shared);
          // Events reach a stream in order: once the viewer's own is in, the one before it
          // would have been too.
          await annotate(viewer, viewersOwn);
          await until(() => heardAbout(viewersOwn) === 1);
          expect(heardAbout(shared)).toBe(1);
        } finally {
          await events.close();
        }
      } finally {
        await database.close();
      }
    },
  );
});
