import { createRequire } from 'node:module';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useJobQueues } from '../../test/job-queues';
import { adminJobStateSchema } from '@filmroom/contract';
import { PG_BOSS_JOB_COLUMNS } from './queue';

const pgBossVersion = (
  createRequire(import.meta.url)('pg-boss/package.json') as { version: string }
).version;

/**
 * The queue's own SQL on pg-boss's job table (see PG_BOSS_JOB_COLUMNS) holds only while the
 * installed pg-boss keeps those columns and states: an upgrade that changes them fails here, not
 * silently in production.
 */
describe(`pg-boss ${pgBossVersion}'s job table`, () => {
  const ctx = useJobQueues('pgbosstable', pino({ level: 'silent' }));

  it('has every column the queue reads and writes, with the type it expects', async () => {
    await ctx.startQueue([]);
    const { rows } = await ctx.connection.pool.query<{ column: string; type: string }>(
      `SELECT column_name AS column,
         CASE WHEN data_type = 'USER-DEFINED' THEN udt_name ELSE data_type END AS type
       FROM information_schema.columns
       WHERE table_schema = 'pgboss' AND table_name = 'job' AND column_name = ANY($1)`,
      [Object.keys(PG_BOSS_JOB_COLUMNS)],
    );
    const found = Object.fromEntries(rows.map((row) => [row.column, row.type]));
    expect(found).toEqual(PG_BOSS_JOB_COLUMNS);
  });

  // The queue's SQL takes the states before 'completed' as unfinished; the Admin area lists them.
  it('has the job states the Admin area knows, in the order the queue compares them', async () => {
    const { rows } = await ctx.connection.pool.query<{ state: string }>(
      `SELECT unnest(enum_range(NULL::pgboss.job_state))::text AS state`,
    );
    expect(rows.map((row) => row.state)).toEqual(adminJobStateSchema.options);
  });
});
