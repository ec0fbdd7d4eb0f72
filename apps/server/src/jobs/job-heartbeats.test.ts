import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobQueues } from '../../test/job-queues';
import { eventually } from '../../test/processes';
import { inTransaction } from '../db/transaction';
import type { JobDefinition, JobQueue } from './queue';

/**
 * What the heartbeats of running jobs are for, with two job queues on one database standing for
 * two processes: a job whose worker stopped beating runs again (or is given up on, after its
 * last attempt), and a job cancelled in one process stops in the other.
 */
describe('job heartbeats', () => {
  let logged = '';
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    }),
  );

  const handled: string[] = [];
  const givenUp: string[] = [];
  const stopped = new Map<string, unknown>();
  /** Videos whose jobs run until told to stop, as a transcode would. */
  const long = new Set<string>();
  const prepare: JobDefinition<'media.prepare'> = {
    name: 'media.prepare',
    expireInSeconds: 600,
    retryLimit: 1,
    concurrency: 1,
    handle: async ({ videoId }, signal) => {
      handled.push(videoId);
      if (!long.has(videoId)) return;
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      stopped.set(videoId, signal.reason);
      throw signal.reason;
    },
    onGiveUp: async ({ videoId }) => {
      givenUp.push(videoId);
    },
  };
  const ctx = useJobQueues('heartbeats', log);
  let other: JobQueue;
  beforeAll(async () => {
    const worker = await ctx.startQueue([prepare]);
    other = await ctx.startQueue([prepare]);
    await worker.work();
  });

  /**
   * A job as a worker that took it and then died left it: running, its last beat long ago. Sent
   * and changed in one transaction: the wake-up its sending makes comes at the commit, when
   * there is nothing left to take.
   */
  async function orphan(videoId: string, attempt: 'first' | 'last') {
    await inTransaction(ctx.connection.pool, async (client) => {
      const jobId = (await other.send('media.prepare', { videoId }, client))!;
      await client.query(
        `UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute',
           heartbeat_on = now() - interval '1 minute',
           retry_count = CASE WHEN $2 THEN retry_limit ELSE 0 END
         WHERE id = $1`,
        [jobId, attempt === 'last'],
      );
    });
  }

  it('runs a job again when its worker stopped beating', async () => {
    const videoId = randomUUID();
    await orphan(videoId, 'first');
    expect(await eventually(async () => handled.includes(videoId), 60_000)).toBe(true);
    expect(logged).toContain('took over a job interrupted by a stopped worker');
    expect(givenUp).not.toContain(videoId);
  });

  it('gives up on a job whose worker stopped beating on its last attempt', async () => {
    const videoId = randomUUID();
    await orphan(videoId, 'last');
    expect(await eventually(async () => givenUp.includes(videoId), 60_000)).toBe(true);
    expect(handled).not.toContain(videoId);
  });

  it('stops a running job cancelled by another process', async () => {
    const videoId = randomUUID();
    long.add(videoId);
    await other.send('media.prepare', { videoId });
    expect(await eventually(async () => handled.includes(videoId), 30_000)).toBe(true);
    expect(await other.cancelJobsOf(videoId)).toBe(1);
    // The worker's next beat finds the job no longer its own.
    expect(await eventually(async () => stopped.has(videoId), 10_000)).toBe(true);
    const { rows } = await ctx.connection.pool.query(
      `SELECT state FROM pgboss.job WHERE data->>'videoId' = $1`,
      [videoId],
    );
    expect(rows).toEqual([{ state: 'cancelled' }]);
    expect(givenUp).not.toContain(videoId);
  });
});
