import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { PASSWORD, uniqueEmail } from './accounts';
import { postgresProcessesFor, startServerProcess } from './server-process';

const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-process-'));
afterAll(async () => {
  // Should a test fail half-way, leave no database running behind it.
  for (const pid of await postgresProcessesFor(path.join(dataDir, 'postgres')))
    process.kill(pid, 'SIGKILL');
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
