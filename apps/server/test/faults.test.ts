import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startChatCompletionsTestServer } from '@filmroom/coach/testing';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedPostgres } from '../src/db/embedded-postgres';
import { OUT_OF_SPACE_MESSAGE } from '../src/lib/server-faults';
import { signUp, uploadFile, waitForVideo } from './http-client';
import { makeClip } from './media-clips';
import { eventually, processesWith } from './processes';
import { createProcessDatabase } from './process-database';
import { postgresProcessesFor, runDoctor, startServerProcess } from './server-process';
import { fixture, multipartBody } from './uploads';

/**
 * The server killed (-9) at the worst moments — mid-upload, mid-scan, while the analysis is
 * being written — and started again: afterwards `npm run doctor` finds nothing lost or stuck.
 */
const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-faults-'));
afterAll(async () => {
  for (const pid of await postgresProcessesFor(path.join(dataDir, 'postgres'))) {
    process.kill(pid, 'SIGKILL');
  }
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Programs other than PostgreSQL working on a data folder's files: ffmpeg and ffprobe name the
 * files they read and write on their command lines.
 */
const mediaProcessesOn = async (folder: string) =>
  (await processesWith(folder)).filter((found) => !found.commandLine[0]?.endsWith('postgres'));

/** Asks the database of the server running on dataDir (found through its lock file). */
async function queryServerDatabase<T extends pg.QueryResultRow>(sql: string, values: unknown[]) {
  const database = await openEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function waitForActiveJob(queue: string, videoId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await queryServerDatabase(
      `SELECT 1 FROM pgboss.job WHERE name = $1 AND state = 'active' AND data->>'videoId' = $2`,
      [queue, videoId],
    );
    if (rows.length > 0) return;
    await sleep(100);
  }
  throw new Error(`no ${queue} job became active for ${videoId}`);
}

const filesIn = (folder: string) => readdir(folder).catch(() => [] as string[]);

describe('a server killed mid-work and started again', () => {
  it(
    'loses nothing and leaves nothing stuck: mid-upload, mid-scan, mid-write-up',
    { timeout: 300_000 },
    async () => {
      // A slow model, so the write-up is surely under way when the kill comes; after the
      // restart it answers at once.
      const model = await startChatCompletionsTestServer((call) => ({
        content: 'Good depth on every rep.',
        delayMs: call === model.received[0] ? 60_000 : 0,
      }));
      const env = {
        DATA_DIR: dataDir,
        VISION_WORKERS: '1',
        LLM_BASE_URL: model.baseUrl,
        LLM_MODEL: 'coach-test',
      };
      const partials = path.join(dataDir, 'blobs/.partial');
      let server = await startServerProcess(env);
      try {
        const cookie = await signUp(server.origin, 'Faye');

        // 1. Killed while an upload streams in: half the file has reached the disk.
        const clip = await readFile(fixture('video/squats_single_person.mp4'));
        const { body, contentType } = multipartBody(
          { title: 'Cut short' },
          { filename: 'squats.mp4', contentType: 'video/mp4', data: clip },
        );
        const request = http.request(`${server.origin}/api/videos`, {
          method: 'POST',
          headers: {
            cookie,
            origin: server.origin,
            'content-type': contentType,
            'content-length': body.length,
          },
        });
        request.on('error', () => undefined); // the server is about to die under it
        request.write(body.subarray(0, body.length / 2));
        for (let waited = 0; (await filesIn(partials)).length === 0; waited += 50) {
          if (waited > 20_000) throw new Error('the upload never reached the disk');
          await sleep(50);
        }
        await server.stop('SIGKILL');
        request.destroy();

        server = await startServerProcess(env);
        expect(await filesIn(partials)).toEqual([]);
        let doctor = await runDoctor(env);
        expect(doctor.output).toContain('0 videos,');
        expect(doctor.code, doctor.output).toBe(0);

        // 2. Killed while the vision scan runs (a 6 s clip: seconds of scanning on one thread).
        const video = await uploadFile(
          server.origin,
          cookie,
          fixture('video/jumpingjacks_front-studio.mp4'),
          'video/mp4',
        );
        await waitForActiveJob('vision.scan', video.id, 90_000);
        await server.stop('SIGKILL');
        // Its ffmpeg went with it.
        expect(
          await eventually(async () => (await mediaProcessesOn(dataDir)).length === 0, 5_000),
        ).toBe(true);

        // 3. Killed while the analysis is being written (the model is thinking).
        server = await startServerProcess(env);
        await waitForActiveJob('analysis.generate', video.id, 120_000);
        // The job reads the scan first; the kill comes once it is waiting on the model.
        for (let waited = 0; model.received.length === 0; waited += 50) {
          if (waited > 60_000) throw new Error('the write-up never asked the model');
          await sleep(50);
        }
        expect(model.received).toHaveLength(1);
        await server.stop('SIGKILL');

        server = await startServerProcess(env);
        const done = await waitForVideo(
          server.origin,
          cookie,
          video.id,
          (state) => ['ready', 'failed'].includes(state.analysisState?.status ?? ''),
          120_000,
        );
        expect(done.analysisState?.status).toBe('ready');
        expect(done.analysis?.textAnalysis).toContain('Good depth on every rep.');

        doctor = await runDoctor(env);
        expect(doctor.output).toContain('1 video,');
        expect(doctor.code, doctor.output).toBe(0);
      } finally {
        await server.stop('SIGTERM');
        await model.close();
      }
    },
  );
});

describe('a server killed while it transcodes', () => {
  it(
    'leaves no ffmpeg running and its half-written file where the doctor and the next start see it',
    { timeout: 300_000 },
    async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-faults-transcode-'));
      const env = { DATA_DIR: folder, WORK_QUEUES: 'media.prepare' };
      const workDir = path.join(folder, 'work');
      // Twenty seconds of 540p MPEG-4 in QuickTime: browsers need it as H.264, a transcode of
      // seconds even on an idle machine, and the kill comes within a tenth of a second of its
      // output appearing. (At 720p the HLS ladder made after the restart would add a 720p
      // rendition too: x264 work that tests nothing here.)
      const clip = await makeClip('long.mov', {
        size: '960x540',
        seconds: 20,
        videoArgs: ['-c:v', 'mpeg4', '-q:v', '5'],
      });
      let server = await startServerProcess(env);
      try {
        const cookie = await signUp(server.origin, 'Tess');
        const video = await uploadFile(server.origin, cookie, clip, 'video/quicktime');
        // The transcode is under way: its ffmpeg runs and its output is growing in DATA_DIR.
        const writing = async () => {
          for (const name of await filesIn(workDir)) {
            if ((await filesIn(path.join(workDir, name))).includes('media.mp4')) return name;
          }
          return undefined;
        };
        expect(await eventually(async () => (await writing()) !== undefined, 60_000)).toBe(true);
        const transcodes = (await mediaProcessesOn(folder)).filter((p) =>
          p.commandLine[0]?.endsWith('ffmpeg'),
        );
        expect(transcodes).toHaveLength(1);
        expect(transcodes[0]!.parentPid).toBe(server.child.pid);
        const leftover = (await writing())!;

        await server.stop('SIGKILL');
        // No orphan: the kernel killed the transcode with the server.
        expect(
          await eventually(async () => (await mediaProcessesOn(folder)).length === 0, 5_000),
        ).toBe(true);
        // The half-written file is still there, and the doctor names it.
        expect(await filesIn(workDir)).toEqual([leftover]);
        const doctor = await runDoctor(env);
        expect(doctor.code).toBe(1);
        expect(doctor.output).toContain(
          `leftover work files: ${path.join(workDir, leftover)}: left by a process that has stopped`,
        );

        // The next start removes it before any work, and the video is prepared from the start.
        server = await startServerProcess(env);
        expect((await filesIn(workDir)).filter((name) => name === leftover)).toEqual([]);
        const done = await waitForVideo(
          server.origin,
          cookie,
          video.id,
          (state) => state.status !== 'processing',
          240_000,
        );
        expect(done).toMatchObject({ status: 'ready', progress: 100, width: 960, height: 540 });
        expect(done.duration).toBeCloseTo(20, 0);
        expect(server.output()).toContain('requeued jobs interrupted by a crash');
        // The job removes its work folder just after it records "ready".
        expect(await eventually(async () => (await filesIn(workDir)).length === 0, 10_000)).toBe(
          true,
        );
        const healthy = await runDoctor(env);
        expect(healthy.code, healthy.output).toBe(0);
      } finally {
        // (Already gone when a check after the kill failed.)
        if (server.child.exitCode === null && server.child.signalCode === null) {
          await server.stop('SIGTERM');
        }
        for (const found of await mediaProcessesOn(folder)) process.kill(found.pid, 'SIGKILL');
        for (const pid of await postgresProcessesFor(path.join(folder, 'postgres'))) {
          process.kill(pid, 'SIGKILL');
        }
        await rm(folder, { recursive: true, force: true });
        await rm(path.dirname(clip), { recursive: true, force: true });
      }
    },
  );
});

describe('the disk filling up during an upload', () => {
  it('tells the uploader plainly and leaves nothing behind', { timeout: 120_000 }, async () => {
    // The server runs in a mount namespace of its own where its blob folder is a 256 KB disk:
    // a real "No space left on device" half-way through the clip, with no root needed.
    const database = await createProcessDatabase('disk_full');
    const blobsDir = path.join(dataDir, 'small-disk/blobs');
    const server = await startServerProcess(
      { DATA_DIR: path.join(dataDir, 'small-disk'), DATABASE_URL: database.url },
      {
        wrapper: [
          'unshare',
          '--user',
          '--map-root-user',
          '--mount',
          'sh',
          '-c',
          'mkdir -p "$0" && mount -t tmpfs -o size=256k tmpfs "$0" && exec "$@"',
          blobsDir,
        ],
      },
    );
    try {
      const cookie = await signUp(server.origin, 'Dora');
      const form = new FormData();
      form.set('title', 'Too big for the disk');
      const clip = await readFile(fixture('video/squats_single_person.mp4'));
      form.set('video', new Blob([clip], { type: 'video/mp4' }), 'squats.mp4');
      const upload = await fetch(`${server.origin}/api/videos`, {
        method: 'POST',
        headers: { cookie, origin: server.origin },
        body: form,
      });
      expect(upload.status).toBe(507);
      // The rest of the file was never read: the connection is not for reuse.
      expect(upload.headers.get('connection')).toBe('close');
      expect(await upload.json()).toEqual({ message: OUT_OF_SPACE_MESSAGE });

      // Nothing behind: no video, no file, not even a half-written one (seen from inside the
      // server's namespace), and the server carries on.
      const list = await fetch(`${server.origin}/api/videos`, { headers: { cookie } });
      expect(await list.json()).toEqual([]);
      const insideServer = (folder: string) =>
        filesIn(path.join(`/proc/${server.child.pid}/root`, blobsDir, folder));
      expect(await insideServer('.partial')).toEqual([]);
      expect(await insideServer('incoming')).toEqual([]);
      expect((await fetch(`${server.origin}/api/user`, { headers: { cookie } })).status).toBe(200);
    } finally {
      await server.stop('SIGTERM');
      await database.drop();
    }
  });
});
