import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../src/config';
import { applyMigrations, connectDatabase, type DatabaseConnection } from '../src/db/connection';
import { startRuntime } from '../src/runtime';

export type TestDatabase = DatabaseConnection & { url: string; drop: () => Promise<void> };

/**
 * A fresh, migrated database of its own for one test file: a copy of the run's template (see
 * global-setup.ts); with `migrationsFolder`, an empty one migrated only as far as that folder goes.
 */
export async function createTestDatabase(
  options: { migrationsFolder?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = options.migrationsFolder ? null : inject('templateDatabase');
  const name = `filmroom_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connection = connectDatabase(url.toString(), { maxConnections: 5 });
  // On a copy of the template, a check that finds nothing to do.
  await applyMigrations(connection.pool, options.migrationsFolder);

  return {
    ...connection,
    url: url.toString(),
    drop: async () => {
      await connection.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/**
 * The database every test file's own is copied from: migrated, with the job queue's schema and
 * queues in place, as a server's first start leaves it. Making that in each file was most of a
 * file's set-up (about 1.5 s of PostgreSQL's time, dozens of files); a copy takes a fraction.
 * Returns a function that drops it.
 */
export async function createTemplateDatabase(adminUrl: string, name: string) {
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-template-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent/filmroom-web',
    });
    const runtime = await startRuntime(config, url.toString(), pino({ level: 'silent' }), {
      ownsDatabase: true,
    });
    await runtime.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return () =>
    withAdminClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
