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
  /**
   * Jobs of this kind one process runs at once. With more than one, a user's jobs never take
   * the last free slot while another user's job of this kind could have it (see `work`).
   */
  concurrency: number;
  /**
   * `signal` aborts when the process shuts down or the job is cancelled (its video deleted):
   * stop child processes, then throw.
   */
  handle: (payload: JobPayloads[N], signal: AbortSignal) => Promise<void>;
  /** Called when the last retry has failed too, to leave the subject in an honest state. */
  onGiveUp?: (payload: JobPayloads[N], error: unknown) => Promise<void>;
};

/** Any one job definition (a union, so each keeps its own payload type). */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

// How often a working process looks for jobs whose worker died (and for cancellations it may
// have missed while its connection was down). Finding none costs four small queries.
const REAP_INTERVAL_MS = 5_000;

// A job put back because its owner has enough running waits this long at most; the end of
// one of the owner's jobs brings it forward at once.
const DEFERRED_FOR_SECONDS = 60;

/** Why a job's signal aborted when its video was deleted. */
export class JobCancelled extends Error {
  constructor() {
    super('the job was cancelled');
    this.name = 'JobCancelled';
  }
}

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
  /** Jobs running in this process, to cancel by id. */
  private readonly running = new Map<string, AbortController>();
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
    this.lease = new WorkerLease(pool, log, (jobIds) => this.abortCancelled(jobIds));
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
      this.abortCancelledJobs().catch((error: unknown) =>
        this.log.warn({ err: error }, 'could not look for cancelled jobs'),
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
            const owner = (job.data as { owner?: string }).owner;
            if (definition.concurrency > 1 && owner) {
              if (await this.deferIfOwnerIsBusy(definition, job.id, owner)) {
                log.debug({ owner }, 'job put back: its owner has enough running');
                return;
              }
            }
            log.info({ payload: job.data, attempt: job.retryCount + 1 }, 'job started');
            const cancel = new AbortController();
            this.running.set(job.id, cancel);
            try {
              await this.lease.claim(job.id, definition.name);
              // Deleted between the fetch and the claim: the notice went by before we listened.
              await this.abortCancelledJobs([job.id]);
              await definition.handle(
                job.data as never,
                AbortSignal.any([this.shutdown.signal, cancel.signal]),
              );
              log.info('job done');
            } catch (error) {
              if (cancel.signal.aborted) {
                // pg-boss leaves a cancelled job cancelled whatever the handler answers.
                log.info('job cancelled: its video was deleted');
                return;
              }
              const lastAttempt = job.retryCount >= job.retryLimit && !this.shutdown.signal.aborted;
              log.error({ err: error, lastAttempt }, 'job failed');
              if (lastAttempt) await definition.onGiveUp?.(job.data as never, error);
              throw error;
            } finally {
              this.running.delete(job.id);
              this.lease.release(job.id);
              if (owner) await this.bringForwardDeferred(definition.name, owner);
            }
          },
        );
      }
    }
  }

  /**
   * Adds a job; pass `runner` to add it inside an open transaction (it then commits with it).
   *
   * Fair turns: every job is about a video, and its owner is whose turn it is. A job goes
   * behind the owner's own unfinished jobs of its kind and no further: its priority is minus
   * their number, so a user with one video waiting goes before the second of someone who has
   * ten (pg-boss takes the highest priority first, then the oldest).
   */
  async send<N extends JobName>(name: N, payload: JobPayloads[N], runner?: SqlRunner) {
    const db = runner ?? this.pool;
    const { rows } = await db.query<{ owner: string | null; queued: number }>(
      `SELECT v.owner_id::text AS owner,
         (SELECT count(*)::int FROM pgboss.job j
           WHERE j.name = $2 AND j.state < 'completed' AND j.data->>'owner' = v.owner_id::text
         ) AS queued
       FROM videos v WHERE v.id = $1`,
      [payload.videoId, name],
    );
    const turn = rows[0];
    // A video deleted meanwhile still gets its job: the job finds nothing and ends.
    const data = turn?.owner ? { ...payload, owner: turn.owner } : payload;
    return this.boss.send(name, data, {
      priority: -(turn?.queued ?? 0),
      ...(runner ? { db: asPgBossDb(runner) } : {}),
    });
  }

  /**
   * Cancels every job of the video, queued or running, in every process: queued ones never
   * start; running ones are told through PostgreSQL and abort, which stops their child
   * processes (ffmpeg). Returns how many were cancelled.
   */
  async cancelJobsOf(videoId: string): Promise<number> {
    const { rows } = await this.pool.query<{ id: string; name: string }>(
      `UPDATE pgboss.job SET state = 'cancelled', completed_on = now()
       WHERE name = ANY($1) AND data->>'videoId' = $2 AND state < 'completed'
       RETURNING id, name`,
      [[...this.definitions.keys()], videoId],
    );
    if (rows.length > 0) {
      await WorkerLease.announceCancelled(
        this.pool,
        rows.map((row) => row.id),
      );
      this.abortCancelled(rows.map((row) => row.id));
      this.log.info({ videoId, jobs: rows.length }, 'cancelled the jobs of a deleted video');
    }
    return rows.length;
  }

  private abortCancelled(jobIds: string[]): void {
    for (const id of jobIds) this.running.get(id)?.abort(new JobCancelled());
  }

  /** Catches cancellations whose notice was missed (the connection was being replaced). */
  private async abortCancelledJobs(ids = [...this.running.keys()]): Promise<void> {
    if (ids.length === 0) return;
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM pgboss.job WHERE id = ANY($1::uuid[]) AND state = 'cancelled'`,
      [ids],
    );
    this.abortCancelled(rows.map((row) => row.id));
  }

  /**
   * A user may hold all but one of the slots for a kind of job, across all processes: the last
   * free one is kept for whoever else is waiting. The job that started later goes back to the
   * queue (its place and retries unchanged) until one of the owner's jobs ends.
   */
  private async deferIfOwnerIsBusy(
    definition: AnyJobDefinition,
    jobId: string,
    owner: string,
  ): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `WITH mine AS (SELECT started_on, id FROM pgboss.job WHERE name = $1 AND id = $2)
       UPDATE pgboss.job SET state = 'created', started_on = NULL,
         start_after = now() + make_interval(secs => $5)
       WHERE name = $1 AND id = $2 AND state = 'active' AND $4 <= (
         SELECT count(*) FROM pgboss.job j, mine
         WHERE j.name = $1 AND j.state = 'active' AND j.data->>'owner' = $3
           AND (j.started_on, j.id) < (mine.started_on, mine.id))`,
      [definition.name, jobId, owner, definition.concurrency - 1, DEFERRED_FOR_SECONDS],
    );
    // pg-boss then finds the job no longer active and leaves it as it is.
    return (rowCount ?? 0) > 0;
  }

  /** One of the owner's jobs ended: their put-back jobs may start now. */
  private async bringForwardDeferred(name: string, owner: string): Promise<void> {
    await this.pool
      .query(
        `UPDATE pgboss.job SET start_after = now()
         WHERE name = $1 AND state = 'created' AND data->>'owner' = $2 AND start_after > now()`,
        [name, owner],
      )
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not resume deferred jobs'));
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
