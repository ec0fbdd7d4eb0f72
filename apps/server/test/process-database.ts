import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * An empty database on the test run's PostgreSQL server, for server processes to share through
 * DATABASE_URL (they migrate it themselves, as a deployment's processes do).
 */
export async function createProcessDatabase(label: string) {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `filmroom_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
