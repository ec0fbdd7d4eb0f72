import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type DatabaseConnection = {
  db: Database;
  pool: pg.Pool;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function connectDatabase(url: string, options: { maxConnections?: number } = {}) {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10 });
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  let closed: Promise<void> | undefined;
  return { db, pool, close: () => (closed ??= pool.end()) } satisfies DatabaseConnection;
}

// Any fixed number: every FilmRoom process that starts at once waits on the same lock.
const SCHEMA_LOCK_ID = 4_201_977;

/**
 * Runs `work` while holding the lock every starting FilmRoom process takes to change the
 * database's schema, so API nodes and workers that start together do it one after another.
 */
export async function withSchemaLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_ID]);
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

/**
 * Applies the committed SQL migrations. Runs at every start, once per database. (Tests of a
 * migration apply the ones before it from a folder of their own first.)
 */
export async function applyMigrations(pool: pg.Pool, folder = migrationsFolder): Promise<void> {
  await withSchemaLock(pool, () =>
    migrate(drizzle(pool, { schema }), { migrationsFolder: folder }),
  );
}

export const MIGRATIONS_FOLDER = migrationsFolder;
