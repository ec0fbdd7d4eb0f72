import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';

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
            try {
              await definition.handle(job.data as never, this.shutdown.signal);
              log.info('job done');
            } catch (error) {
              const lastAttempt = job.retryCount >= job.retryLimit && !this.shutdown.signal.aborted;
              log.error({ err: error, lastAttempt }, 'job failed');
              if (lastAttempt) await definition.onGiveUp?.(job.data as never, error);
              throw error;
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
    let requeued = 0;
    for (const name of this.definitions.keys()) {
      const { rows } = await this.pool.query<{ id: string }>(
        `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`,
        [name],
      );
      if (rows.length === 0) continue;
      await this.boss.fail(
        name,
        rows.map((row) => row.id),
      );
      requeued += rows.length;
    }
    if (requeued > 0) this.log.warn({ requeued }, 'requeued jobs interrupted by a crash');
    return requeued;
  }

  async stop(): Promise<void> {
    // A transcode can take minutes: stop it now; the job is retried after the restart.
    this.shutdown.abort();
    await this.boss.stop({ graceful: true, timeout: 5_000, close: false, wait: true });
  }
}
