import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { applyMigrations, connectDatabase, type DatabaseConnection } from '../src/db/connection';

export type TestDatabase = DatabaseConnection & { url: string; drop: () => Promise<void> };

/**
 * A fresh, migrated database of its own for one test file; with `migrationsFolder`, migrated
 * only as far as that folder goes.
 */
export async function createTestDatabase(
  options: { migrationsFolder?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `filmroom_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connection = connectDatabase(url.toString(), { maxConnections: 5 });
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

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
