import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Video } from '@filmroom/contract';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { PASSWORD, uniqueEmail } from './accounts';
import { makeClip } from './media-clips';
import { postgresProcessesFor, startServerProcess } from './server-process';

const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-process-'));
afterAll(async () => {
  // Should a test fail half-way, leave no database running behind it.
  for (const folder of ['postgres', 'job-restart/postgres']) {
    for (const pid of await postgresProcessesFor(path.join(dataDir, folder))) {
      process.kill(pid, 'SIGKILL');
    }
  }
  await rm(dataDir, { recursive: true, force: true });
});

const json = (origin: string, url: string, body: unknown) =>
  fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });

describe('the server process on embedded PostgreSQL', () => {
  const account = {
    username: uniqueEmail('crash'),
    password: PASSWORD,
    name: 'Kim',
    isCoach: true,
  };
  const databaseDir = path.join(dataDir, 'postgres');

  it('starts on an empty DATA_DIR, creating the database there', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect((await fetch(`${server.origin}/api/user`)).status).toBe(401);
      expect((await json(server.origin, '/api/register', account)).status).toBe(201);
      expect(existsSync(path.join(databaseDir, 'PG_VERSION'))).toBe(true);
    } finally {
      // A crash: no shutdown runs, the database child is orphaned and keeps its lock.
      await server.stop('SIGKILL');
    }
    expect(await postgresProcessesFor(databaseDir)).toHaveLength(1);
  });

  it('starts again after a crash, with the data kept, and shuts down cleanly on SIGTERM', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    const login = await json(server.origin, '/api/login', {
      username: account.username,
      password: account.password,
    });
    expect(login.status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(await postgresProcessesFor(databaseDir)).toEqual([]);
  });

  it('shuts down cleanly on SIGINT too', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    expect(await server.stop('SIGINT')).toBe(0);
    expect(await postgresProcessesFor(databaseDir)).toEqual([]);
  });
});

describe('a video being prepared when the server is killed', () => {
  // Two server starts and a real transcode: minutes on a busy 2-core machine.
  it('is prepared after the restart', { timeout: 240_000 }, async () => {
    const jobDataDir = path.join(dataDir, 'job-restart');
    // Long enough to transcode for several seconds, so the kill lands mid-job.
    const clip = await makeClip('long.mov', {
      size: '1280x720',
      seconds: 20,
      videoArgs: ['-c:v', 'mpeg4', '-q:v', '5'],
    });
    // This test is about preparation; the vision scan would only add minutes of CPU.
    const env = { DATA_DIR: jobDataDir, WORK_QUEUES: 'media.prepare' };
    let server = await startServerProcess(env);
    const account = { username: uniqueEmail('restart'), password: PASSWORD, name: 'Rene' };
    const register = await json(server.origin, '/api/register', account);
    const cookie = register.headers.get('set-cookie')!.split(';')[0]!;

    const form = new FormData();
    form.set('title', 'Match film');
    form.set('video', new Blob([await readFile(clip)], { type: 'video/quicktime' }), 'long.mov');
    const upload = await fetch(`${server.origin}/api/videos`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as Video;

    const videoOn = async (origin: string) => {
      const response = await fetch(`${origin}/api/videos/${id}`, { headers: { cookie } });
      return (await response.json()) as Video;
    };
    const until = async (origin: string, done: (video: Video) => boolean, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const video = await videoOn(origin);
        if (done(video)) return video;
        if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(video)}`);
        await sleep(200);
      }
    };

    const midway = await until(server.origin, (video) => video.progress > 0, 60_000);
    expect(midway.status).toBe('processing');
    await server.stop('SIGKILL');

    server = await startServerProcess(env);
    try {
      const finished = await until(
        server.origin,
        (video) => video.status !== 'processing',
        120_000,
      );
      expect(finished).toMatchObject({ status: 'ready', progress: 100, width: 1280, height: 720 });
      expect(finished.duration).toBeCloseTo(20, 0);
      expect(server.output()).toContain('requeued jobs interrupted by a crash');
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });
});

describe('the server process on an external PostgreSQL (DATABASE_URL)', () => {
  it('migrates and serves from the given database, starting no embedded one', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `filmroom_external_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const externalDataDir = path.join(dataDir, 'external');

    const server = await startServerProcess({
      DATA_DIR: externalDataDir,
      DATABASE_URL: url.toString(),
    });
    try {
      const register = await json(server.origin, '/api/register', {
        username: uniqueEmail('external'),
        password: PASSWORD,
        name: 'Ext',
        isCoach: false,
      });
      expect(register.status).toBe(201);
      expect(existsSync(path.join(externalDataDir, 'postgres'))).toBe(false);
      expect(server.output()).toContain('"database":"external"');
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('split roles: API and worker processes on one database', () => {
  it(
    'serves from the API process while a worker with no HTTP port prepares the upload',
    { timeout: 180_000 },
    async () => {
      const adminUrl = inject('adminDatabaseUrl');
      const name = `filmroom_roles_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // One machine here, so both share the local blob folder; a cluster shares an S3 bucket.
      const shared = {
        DATA_DIR: path.join(dataDir, 'roles'),
        DATABASE_URL: url.toString(),
        WORK_QUEUES: 'media.prepare',
      };
      const clip = await makeClip('roles.mp4', { seconds: 2, videoArgs: ['-c:v', 'libx264'] });

      const api = await startServerProcess({ ...shared, ROLE: 'api' });
      const worker = await startServerProcess({ ...shared, ROLE: 'worker' });
      try {
        expect(worker.output()).not.toContain('Server listening');
        expect(worker.output()).toContain('"role":"worker"');
        const register = await json(api.origin, '/api/register', {
          username: uniqueEmail('roles'),
          password: PASSWORD,
          name: 'Robin',
        });
        const cookie = register.headers.get('set-cookie')!.split(';')[0]!;
        const form = new FormData();
        form.set('title', 'Split roles');
        form.set('video', new Blob([await readFile(clip)], { type: 'video/mp4' }), 'roles.mp4');
        const upload = await fetch(`${api.origin}/api/videos`, {
          method: 'POST',
          headers: { cookie, origin: api.origin },
          body: form,
        });
        expect(upload.status).toBe(201);
        const { id } = (await upload.json()) as Video;

        let video: Video;
        const deadline = Date.now() + 120_000;
        do {
          await sleep(200);
          const response = await fetch(`${api.origin}/api/videos/${id}`, { headers: { cookie } });
          video = (await response.json()) as Video;
        } while (video.status === 'processing' && Date.now() < deadline);
        expect(video.status).toBe('ready');
        // The job ran in the worker, never in the API process.
        expect(worker.output()).toContain('preparing video');
        expect(api.output()).not.toContain('preparing video');
      } finally {
        expect(await worker.stop('SIGTERM')).toBe(0);
        expect(await api.stop('SIGTERM')).toBe(0);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
