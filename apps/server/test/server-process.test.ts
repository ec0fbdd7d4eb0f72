import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from './accounts';
import { postJson, signUp, uploadFile, waitForVideo } from './http-client';
import { makeClip } from './media-clips';
import { createProcessDatabase } from './process-database';
import { postgresProcessesFor, startServerProcess } from './server-process';

const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-process-'));
afterAll(async () => {
  // Should a test fail half-way, leave no database running behind it.
  for (const pid of await postgresProcessesFor(path.join(dataDir, 'postgres'))) {
    process.kill(pid, 'SIGKILL');
  }
  await rm(dataDir, { recursive: true, force: true });
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
      expect((await postJson(server.origin, '/api/register', account)).status).toBe(201);
      expect(existsSync(path.join(databaseDir, 'PG_VERSION'))).toBe(true);
    } finally {
      // A crash: no shutdown runs, the database child is orphaned and keeps its lock.
      await server.stop('SIGKILL');
    }
    expect(await postgresProcessesFor(databaseDir)).toHaveLength(1);
  });

  it('starts again after a crash, with the data kept, and shuts down cleanly on SIGTERM', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    const login = await postJson(server.origin, '/api/login', {
      username: account.username,
      password: account.password,
    });
    expect(login.status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(await postgresProcessesFor(databaseDir)).toEqual([]);
  });

  it('refuses a second server on the same DATA_DIR and leaves the first one running', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    try {
      await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(
        /Another FilmRoom process \(pid \d+\) is using/,
      );
      expect((await fetch(`${first.origin}/api/user`)).status).toBe(401);
    } finally {
      expect(await first.stop('SIGTERM')).toBe(0);
    }
  });

  it('shuts down cleanly on SIGINT too', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    expect(await server.stop('SIGINT')).toBe(0);
    expect(await postgresProcessesFor(databaseDir)).toEqual([]);
  });
});

describe('the server process on an external PostgreSQL (DATABASE_URL)', () => {
  it('migrates and serves from the given database, starting no embedded one', async () => {
    const database = await createProcessDatabase('external');
    const externalDataDir = path.join(dataDir, 'external');

    const server = await startServerProcess({
      DATA_DIR: externalDataDir,
      DATABASE_URL: database.url,
    });
    try {
      const register = await postJson(server.origin, '/api/register', {
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
      await database.drop();
    }
  });
});

describe('split roles: API and worker processes on one database', () => {
  it(
    'serves from the API process while a worker with no HTTP port prepares the upload',
    { timeout: 180_000 },
    async () => {
      const database = await createProcessDatabase('roles');
      // One machine here, so both share the local blob folder; a cluster shares an S3 bucket.
      const shared = {
        DATA_DIR: path.join(dataDir, 'roles'),
        DATABASE_URL: database.url,
        WORK_QUEUES: 'media.prepare',
      };
      const clip = await makeClip('roles.mp4', { seconds: 2, videoArgs: ['-c:v', 'libx264'] });

      const api = await startServerProcess({ ...shared, ROLE: 'api' });
      const worker = await startServerProcess({ ...shared, ROLE: 'worker' });
      try {
        expect(worker.output()).not.toContain('Server listening');
        expect(worker.output()).toContain('"role":"worker"');
        const cookie = await signUp(api.origin, 'Robin');
        const { id } = await uploadFile(api.origin, cookie, clip, 'video/mp4', 'Split roles');
        const video = await waitForVideo(
          api.origin,
          cookie,
          id,
          (state) => state.status !== 'processing',
          120_000,
        );
        expect(video.status).toBe('ready');
        // The job ran in the worker, never in the API process.
        expect(worker.output()).toContain('preparing video');
        expect(api.output()).not.toContain('preparing video');
      } finally {
        expect(await worker.stop('SIGTERM')).toBe(0);
        expect(await api.stop('SIGTERM')).toBe(0);
        await database.drop();
      }
    },
  );
});
