import { randomUUID } from 'node:crypto';
import PgBoss10 from 'pg-boss-10';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useJobQueues } from '../../test/job-queues';
import { eventually } from '../../test/processes';
import type { JobDefinition } from './queue';

/**
 * An install whose jobs pg-boss 10 kept (schema version 24, which pg-boss 12 cannot migrate)
 * starts on pg-boss 12: the jobs it had not finished carry on. Real pg-boss 10 made the database.
 */
describe('upgrading from pg-boss 10', () => {
  const ctx = useJobQueues('pgboss10', pino({ level: 'silent' }));

  const ran: string[] = [];
  const prepare: JobDefinition<'media.prepare'> = {
    name: 'media.prepare',
    expireInSeconds: 60,
    retryLimit: 1,
    concurrency: 2,
    handle: async ({ videoId }) => {
      ran.push(videoId);
    },
  };
  const startQueue = () => ctx.startQueue([prepare]);

  it('moves the jobs pg-boss 10 had not finished, with their ids, owners and places', async () => {
    // What pg-boss 10 left: a job done, one running when the processes stopped, one waiting.
    const old = new PgBoss10({ connectionString: ctx.url });
    await old.start();
    await old.createQueue('media.prepare', { name: 'media.prepare', retryLimit: 3 });
    const owner = randomUUID();
    const done = (await old.send('media.prepare', { videoId: 'done', owner }))!;
    await old.complete('media.prepare', (await old.fetch('media.prepare'))[0]!.id);
    const running = (await old.send('media.prepare', { videoId: 'running', owner }))!;
    expect((await old.fetch('media.prepare'))[0]!.id).toBe(running);
    const waiting = (await old.send(
      'media.prepare',
      { videoId: 'waiting', owner },
      { priority: -1 },
    ))!;
    await old.stop({ graceful: false, wait: true });

    await startQueue();
    const { rows } = await ctx.connection.pool.query(
      `SELECT id, state, data, group_id, priority FROM pgboss.job
       WHERE name = 'media.prepare' ORDER BY created_on`,
    );
    expect(rows).toEqual([
      { id: running, state: 'created', data: { videoId: 'running' }, group_id: owner, priority: 0 },
      {
        id: waiting,
        state: 'created',
        data: { videoId: 'waiting' },
        group_id: owner,
        priority: -1,
      },
    ]);
    expect(rows.map((row: { id: string }) => row.id)).not.toContain(done);
    const { rows: schemas } = await ctx.connection.pool.query(
      `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'pgboss%' ORDER BY nspname`,
    );
    expect(schemas).toEqual([{ nspname: 'pgboss' }]);
  });

  it('starts again as it is, and the moved jobs run', async () => {
    const queue = await startQueue();
    const { rows } = await ctx.connection.pool.query(
      `SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = 'media.prepare'`,
    );
    expect(rows[0]).toEqual({ jobs: 2 });
    await queue.work();
    expect(await eventually(async () => ran.length === 2, 30_000)).toBe(true);
    expect(ran.sort()).toEqual(['running', 'waiting']);
  });
});
