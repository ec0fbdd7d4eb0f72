import type pg from 'pg';
import type { PgBoss } from 'pg-boss';

/**
 * pg-boss 11 rebuilt its tables, and pg-boss 12 migrates only from there: a FilmRoom install made
 * with pg-boss 10 (schema version 24) is set aside before pg-boss 12 installs itself, and its
 * unfinished jobs are then moved across. The jobs table is the only state FilmRoom keeps in it.
 */
const PG_BOSS_10_SCHEMA_VERSION = 24;
const SET_ASIDE = 'pgboss_v10';

/** Run before pg-boss starts, under the schema lock. Returns whether there was one to set aside. */
export async function setAsidePgBoss10(pool: pg.Pool): Promise<boolean> {
  const { rows: installed } = await pool.query<{ found: boolean }>(
    `SELECT to_regclass('pgboss.version') IS NOT NULL AS found`,
  );
  if (!installed[0]?.found) return false;
  const { rows } = await pool.query<{ version: number }>(
    'SELECT max(version) AS version FROM pgboss.version',
  );
  if (rows[0]!.version > PG_BOSS_10_SCHEMA_VERSION) return false;
  await pool.query(`ALTER SCHEMA pgboss RENAME TO ${SET_ASIDE}`);
  return true;
}

type OldJob = {
  id: string;
  name: string;
  data: Record<string, unknown> | null;
  priority: number;
  start_after: Date;
};

/**
 * Run once pg-boss 12 has started and the queues exist: copies the jobs pg-boss 10 had not
 * finished (waiting, to be retried, or running when the old processes stopped) into their queues,
 * then drops the old schema, in one transaction. Each job keeps its id, place and payload; its
 * attempts start afresh, as pg-boss takes no attempt count on insert.
 */
export async function moveJobsFromPgBoss10(
  pool: pg.Pool,
  boss: PgBoss,
  queues: string[],
): Promise<number> {
  const { rows: present } = await pool.query<{ found: boolean }>(
    `SELECT to_regclass('${SET_ASIDE}.job') IS NOT NULL AS found`,
  );
  if (!present[0]?.found) return 0;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<OldJob>(
      `SELECT id, name, data, priority, start_after FROM ${SET_ASIDE}.job
       WHERE name = ANY($1) AND state IN ('created', 'retry', 'active')
       ORDER BY created_on`,
      [queues],
    );
    const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
    for (const name of queues) {
      const jobs = rows
        .filter((job) => job.name === name)
        .map(({ id, data, priority, start_after }) => {
          // pg-boss 10 jobs named their owner in the payload; pg-boss 12 groups them by it.
          const { owner, ...payload } = data ?? {};
          return {
            id,
            data: payload,
            priority,
            startAfter: start_after,
            ...(typeof owner === 'string' ? { group: { id: owner } } : {}),
          };
        });
      if (jobs.length > 0) await boss.insert(name, jobs, { db });
    }
    await client.query(`DROP SCHEMA ${SET_ASIDE} CASCADE`);
    await client.query('COMMIT');
    return rows.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
