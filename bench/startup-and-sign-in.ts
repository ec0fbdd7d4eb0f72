// How fast FilmRoom starts, how much memory it holds idle, and whether a sign-in with an unknown
// e-mail takes as long as one with a wrong password.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import {
  buildCompiledServer,
  postgresProcessesFor,
  startServerProcess,
} from '../apps/server/test/server-process';

import type { Row } from './table';

import { memoryMiB } from './process-memory';

async function timeToFirst200(dataDir: string, env: Record<string, string> = {}) {
  const startedAt = performance.now();
  const server = await startServerProcess({ DATA_DIR: dataDir, ...env });
  let status = 0;
  while (status !== 200) {
    status = (await fetch(`${server.origin}/`).catch(() => ({ status: 0 }))).status;
  }
  return { server, ms: performance.now() - startedAt };
}

/**
 * The idle memory of one process of a cluster in the given role, on a database of its own: an
 * API process once it has answered a sign-up (argon2 loaded, as on any real server), a worker
 * once it is ready.
 */
async function idleRssOfProcessInRole(role: 'api' | 'worker'): Promise<number> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `filmroom-bench-${role}-`));
  // The embedded database runs as the `postgres` user when we are root: let it in.
  await chmod(dataDir, 0o755);
  const database = await startEmbeddedPostgres(dataDir, pino({ level: 'warn' }));
  try {
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ROLE: role,
    });
    try {
      if (role === 'api') {
        await fetch(`${server.origin}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.origin },
          body: JSON.stringify({
            username: 'api@example.com',
            password: 'bench password',
            name: 'A',
          }),
        });
      }
      await sleep(3000);
      return (await memoryMiB(server.child.pid!)).rss;
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchStartupAndSignIn(): Promise<Row[]> {
  const rows: Row[] = [];
  // The compiled server, as npm start runs it.
  buildCompiledServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-'));
  try {
    const first = await timeToFirst200(dataDir);
    rows.push({
      measure: 'cold start to first 200, new DATA_DIR',
      value: `${first.ms.toFixed(0)} ms`,
      note: 'includes creating the PostgreSQL cluster',
    });
    await first.server.stop('SIGTERM');

    const { server, ms } = await timeToFirst200(dataDir);
    rows.push({
      measure: 'start to first 200, existing DATA_DIR',
      value: `${ms.toFixed(0)} ms`,
      note: 'compiled server + PostgreSQL + migrations; goal ≤ 1.5 s',
    });

    const origin = server.origin;
    const post = (url: string, body: unknown) =>
      fetch(`${origin}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      });
    await post('/api/register', {
      username: 'bench@example.com',
      password: 'bench password',
      name: 'Bench',
    });

    await sleep(3000);
    const serverRss = (await memoryMiB(server.child.pid!)).rss;
    const postgresPids = await postgresProcessesFor(path.join(dataDir, 'postgres'));
    let postgresRss = 0;
    for (const pid of postgresPids) postgresRss += (await memoryMiB(pid)).rss;
    rows.push({
      measure: 'server RSS at idle',
      value: `${serverRss.toFixed(0)} MiB`,
      note: 'the Node.js process, ROLE=all; goal ≤ 110 MiB (issue 33)',
    });
    for (const role of ['api', 'worker'] as const) {
      rows.push({
        measure: `server RSS at idle, ROLE=${role}`,
        value: `${(await idleRssOfProcessInRole(role)).toFixed(0)} MiB`,
        note: `one ${role} process of a cluster, on a database of its own here; goal ≤ 110 MiB`,
      });
    }
    rows.push({
      measure: 'embedded PostgreSQL RSS at idle',
      value: `${postgresRss.toFixed(0)} MiB`,
      note: 'postmaster only (workers share its pages)',
    });

    // Same budget for both, under the per-e-mail rate limit: 8 tries each, alternated.
    const wrongPassword: number[] = [];
    const unknownUser: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      let t = performance.now();
      await post('/api/login', { username: 'bench@example.com', password: `wrong ${i}` });
      wrongPassword.push(performance.now() - t);
      t = performance.now();
      await post('/api/login', { username: `nobody-${i}@example.com`, password: `wrong ${i}` });
      unknownUser.push(performance.now() - t);
    }
    rows.push({
      measure: 'sign-in, wrong password (median)',
      value: `${median(wrongPassword).toFixed(1)} ms`,
      note: 'argon2id verify',
    });
    rows.push({
      measure: 'sign-in, unknown e-mail (median)',
      value: `${median(unknownUser).toFixed(1)} ms`,
      note: 'verifies a throwaway hash: should match the line above',
    });

    await server.stop('SIGTERM');
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  return rows;
}
