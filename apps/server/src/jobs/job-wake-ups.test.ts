import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobQueues } from '../../test/job-queues';
import { eventually } from '../../test/processes';
import type { JobDefinition } from './queue';

/**
 * Workers woken by the NOTIFY a new job sends, on real PostgreSQL: an idle worker barely polls,
 * yet a job starts within moments of being sent, and still does after its listening connection
 * was cut.
 */
describe('job wake-ups', () => {
  const startedAt = new Map<string, number>();
  const prepare: JobDefinition<'media.prepare'> = {
    name: 'media.prepare',
    expireInSeconds: 60,
    retryLimit: 0,
    concurrency: 1,
    handle: async ({ videoId }) => {
      startedAt.set(videoId, performance.now());
    },
  };
  const ctx = useJobQueues('wake_ups', pino({ level: 'silent' }));
  /** How many times a worker has asked the database for a media.prepare job. */
  let fetches = 0;
  beforeAll(async () => {
    const { pool } = ctx.connection;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    pool.query = ((...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : '';
      if (/j\.name = 'media\.prepare'[\s\S]*SKIP LOCKED/.test(text)) fetches += 1;
      return query(...args);
    }) as typeof pool.query;
    const queue = await ctx.startQueue([prepare]);
    await queue.work();
  });

  /** Milliseconds from sending a job to its handler starting, for each of `count` jobs. */
  async function pickUpTimes(count: number): Promise<number[]> {
    const queue = await ctx.startQueue([prepare]); // another process sends
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const videoId = randomUUID();
      const sentAt = performance.now();
      await queue.send('media.prepare', { videoId });
      expect(await eventually(async () => startedAt.has(videoId), 15_000)).toBe(true);
      times.push(startedAt.get(videoId)! - sentAt);
    }
    return times;
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

  it('polls rarely while idle, and starts a new job at once', async () => {
    await sleep(1_500); // the fetches of the start are over
    const before = fetches;
    await sleep(4_000);
    // Polling every second would have fetched about four times; woken by NOTIFY, the workers
    // poll every three seconds.
    expect(fetches - before).toBeLessThanOrEqual(2);
    const times = await pickUpTimes(5);
    // Polling every second would start it half a second late on average.
    expect(median(times)).toBeLessThan(250);
  });

  it('listens again after its connection was cut, and new jobs still start at once', async () => {
    const listenerPids = async () =>
      (
        await ctx.connection.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        )
      ).rows.map((row) => row.pid);
    const [cut] = await listenerPids();
    expect(cut).toBeDefined();
    await ctx.connection.pool.query('SELECT pg_terminate_backend($1)', [cut]);
    expect(
      await eventually(async () => {
        const pids = await listenerPids();
        return pids.length === 1 && pids[0] !== cut;
      }, 15_000),
    ).toBe(true);
    // Polling is at its slow backstop now: only a wake-up starts a job this soon.
    expect(median(await pickUpTimes(3))).toBeLessThan(250);
  });
});
