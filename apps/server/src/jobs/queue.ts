import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import { WorkerLease } from './worker-lease';

/** Every job FilmRoom runs, with the data it carries. Later areas add theirs here. */
export type JobPayloads = {
  'media.prepare': { videoId: string };
  'vision.scan': { videoId: string };
  'analysis.generate': { videoId: string };
};
export type JobName = keyof JobPayloads;

export type JobDefinition<N extends JobName> = {
  name: N;
  /** How long one attempt may run before another worker takes the job over. */
  expireInSeconds: number;
  retryLimit: number;
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
  /** `signal` aborts when the process shuts down: stop child processes, then throw. */
  handle: (payload: JobPayloads[N], signal: AbortSignal) => Promise<void>;
  /** Called when the last retry has failed too, to leave the subject in an honest state. */
  onGiveUp?: (payload: JobPayloads[N], error: unknown) => Promise<void>;
};

/** Any one job definition (a union, so each keeps its own payload type). */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

// How often a working process looks for jobs whose worker died. Finding none costs three
// small queries.
const REAP_INTERVAL_MS = 5_000;

/** A place to run SQL in: the pool, or a client inside an open transaction. */
export type SqlRunner = Pick<pg.Pool | pg.PoolClient, 'query'>;

const asPgBossDb = (runner: SqlRunner) => ({
  executeSql: (text: string, values: unknown[]) => runner.query(text, values),
});

/**
 * Durable jobs in the app's own PostgreSQL (pg-boss). A job survives crashes and restarts;
 * any number of processes may work the same queues.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<JobName, AnyJobDefinition>();
  private readonly shutdown = new AbortController();
  private readonly lease: WorkerLease;
  private reaper: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {
    this.boss = new PgBoss({
      db: asPgBossDb(pool),
      // Polling is the only latency between an upload and its preparation starting.
      pollingIntervalSeconds: 1,
      maintenanceIntervalSeconds: 60,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    this.lease = new WorkerLease(pool, log);
  }

  async start(definitions: AnyJobDefinition[]): Promise<void> {
    await this.boss.start();
    for (const definition of definitions) {
      this.definitions.set(definition.name, definition);
      await this.boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: definition.retryLimit,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
      });
    }
  }

  /** Starts working the defined queues in this process: all, or those named. */
  async work(only?: string[]): Promise<void> {
    await this.lease.acquire();
    await this.requeueJobsOfDeadWorkers();
    this.reaper = setInterval(() => {
      this.requeueJobsOfDeadWorkers().catch((error: unknown) =>
        this.log.warn({ err: error }, 'could not look for jobs of dead workers'),
      );
    }, REAP_INTERVAL_MS);
    this.reaper.unref();
    for (const definition of this.definitions.values()) {
      if (only && !only.includes(definition.name)) continue;
      for (let slot = 0; slot < definition.concurrency; slot += 1) {
        await this.boss.work<JobPayloads[JobName]>(
          definition.name,
          { batchSize: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            const log = this.log.child({ job: definition.name, jobId: job.id });
            log.info({ payload: job.data, attempt: job.retryCount + 1 }, 'job started');
            await this.lease.claim(job.id, definition.name);
            try {
              await definition.handle(job.data as never, this.shutdown.signal);
              log.info('job done');
            } catch (error) {
              const lastAttempt = job.retryCount >= job.retryLimit && !this.shutdown.signal.aborted;
              log.error({ err: error, lastAttempt }, 'job failed');
              if (lastAttempt) await definition.onGiveUp?.(job.data as never, error);
              throw error;
            } finally {
              this.lease.release(job.id);
            }
          },
        );
      }
    }
  }

  /** Adds a job; pass `runner` to add it inside an open transaction (it then commits with it). */
  async send<N extends JobName>(name: N, payload: JobPayloads[N], runner?: SqlRunner) {
    return this.boss.send(name, payload, runner ? { db: asPgBossDb(runner) } : {});
  }

  /**
   * Hands jobs that were running when this process last died back to the queue at once, rather
   * than after they expire. Only safe when no other process can be working them: the embedded
   * database belongs to this process alone.
   */
  async requeueOrphanedJobs(): Promise<number> {
    const { rows } = await this.pool.query<{ id: string; name: string }>(
      `SELECT id, name FROM pgboss.job WHERE name = ANY($1) AND state = 'active'`,
      [[...this.definitions.keys()]],
    );
    await this.failOrphans(rows.map((row) => ({ jobId: row.id, queue: row.name })));
    if (rows.length > 0)
      this.log.warn({ requeued: rows.length }, 'requeued jobs interrupted by a crash');
    return rows.length;
  }

  /** Jobs whose worker process died (its lease is gone) go back to the queue within seconds. */
  async requeueJobsOfDeadWorkers(): Promise<number> {
    const orphans = await this.lease.reapDeadWorkers();
    await this.failOrphans(orphans);
    return orphans.length;
  }

  /**
   * Fails interrupted jobs so pg-boss retries them. A job that was on its last attempt is not
   * retried, so its subject is given up on here, as a failing handler would have.
   */
  private async failOrphans(orphans: { jobId: string; queue: string }[]): Promise<void> {
    for (const { jobId, queue } of orphans) {
      const definition = this.definitions.get(queue as JobName);
      const { rows } = await this.pool.query<{
        data: unknown;
        retry_count: number;
        retry_limit: number;
      }>(`SELECT data, retry_count, retry_limit FROM pgboss.job WHERE name = $1 AND id = $2`, [
        queue,
        jobId,
      ]);
      await this.boss.fail(queue, jobId, { message: 'the worker running this job stopped' });
      this.log.warn({ job: queue, jobId }, 'requeued a job interrupted by a stopped worker');
      const job = rows[0];
      if (definition && job && job.retry_count >= job.retry_limit) {
        await definition.onGiveUp?.(job.data as never, new Error('the worker stopped'));
      }
    }
  }

  async stop(): Promise<void> {
    // A transcode can take minutes: stop it now; the job is retried after the restart.
    this.shutdown.abort();
    clearInterval(this.reaper);
    await this.boss.stop({ graceful: true, timeout: 5_000, close: false, wait: true });
    await this.lease.stop();
  }
}
