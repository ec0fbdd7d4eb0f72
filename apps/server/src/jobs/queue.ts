import { PgBoss, type JobWithMetadata, type Queue } from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import { listenForJobs } from './job-wake-ups';
import { moveJobsFromPgBoss10, setAsidePgBoss10 } from './pg-boss-10-upgrade';

/** Every job FilmRoom runs, with the data it carries. Later areas add theirs here. */
export type JobPayloads = {
  'media.prepare': { videoId: string };
  'vision.scan': { videoId: string };
  'analysis.generate': { videoId: string };
  /** Scans and writes up one chosen range of a long video (its row holds the range). */
  'analysis.range': { videoId: string; rangeId: string };
  /** Renders an export (its row holds the ranges and overlays; videoId is its first video). */
  'export.render': { exportId: string; videoId: string };
  /** The daily notification digests (scheduled, never sent by hand). */
  'notifications.digest': Record<string, never>;
  /** Notification mail held back while news about one video comes in (scheduled). */
  'notifications.held-mail': Record<string, never>;
};
export type JobName = keyof JobPayloads;
/** The jobs about one video, sent when something happens to it. */
type VideoJobName = {
  [N in JobName]: JobPayloads[N] extends { videoId: string } ? N : never;
}[JobName];

export type JobDefinition<N extends JobName> = {
  name: N;
  /** How long one attempt may run before it is failed (and retried), its worker alive or not. */
  expireInSeconds: number;
  retryLimit: number;
  /**
   * Jobs of this kind one process runs at once. With more than one, a user's jobs never take
   * the last free slot while another user's job of this kind could have it (see `send`).
   */
  concurrency: number;
  /**
   * A cron expression (UTC): pg-boss adds the job on that schedule, once for the whole cluster
   * whichever processes are running. Such a job is about no video.
   */
  schedule?: string;
  /**
   * `signal` aborts when the process shuts down, the job is cancelled (its video deleted) or it
   * is no longer this worker's (it ran out of time, or was taken over): stop child processes,
   * then throw.
   */
  handle: (payload: JobPayloads[N], signal: AbortSignal) => Promise<void>;
  /**
   * Called once the last retry has failed too, however it failed, to leave the subject in an
   * honest state (from the job's given-up queue, in a process that works this kind of job).
   */
  onGiveUp?: (payload: JobPayloads[N], error: unknown) => Promise<void>;
};

/** Any one job definition (a union, so each keeps its own payload type). */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

// A worker whose job has sent no heartbeat for this long is taken for dead, and the job goes back
// to the queue (pg-boss's least). Found by whichever process supervises next, every
// SUPERVISE_SECONDS: a dead worker's job is waiting again within about twice this.
const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 10;
// How often a running job beats. Also how soon a job cancelled by another process stops here: the
// beat finds the job no longer this worker's and aborts its signal.
const HEARTBEAT_REFRESH_SECONDS = 2;

// A new job wakes its workers by NOTIFY (see job-wake-ups.ts); polling stays for what sends
// none: a retry or a put-back job whose time has come, and jobs sent while the listening
// connection was down. Without the wake-ups (the connection could not be opened) workers poll
// every second, as an upload's preparation should start about at once. Woken, they still poll
// every few seconds: a failed export's retry or a fair turn put back waits no longer than that
// (at 10 s the administrator's retry spec took half as long again; idle CPU is small either way).
const POLL_SECONDS = 1;
const POLL_SECONDS_WHEN_WOKEN = 3;

// A job taken in the same instant as its owner's others, beyond their share, goes back this long:
// long enough that nothing takes it up again before pg-boss has settled the attempt put back.
const PUT_BACK_SECONDS = 5;
// The first half of the advisory-lock key under which an owner's jobs of one kind are checked one
// at a time. Any fixed number that no other lock in FilmRoom uses.
const OWNER_TURN_LOCK = 4_201_979;

// How an attempt ended when its worker stopped: pg-boss's words for missed heartbeats, and ours
// for the jobs a restarted process finds it was running.
const HEARTBEAT_LOST = 'job heartbeat timeout';
const WORKER_STOPPED = 'the worker running this job stopped';

/**
 * pg-boss has no public call to count an owner's unfinished jobs of a kind, to put a job just
 * taken back in the queue, or to list a queue's running jobs, so the SQL of `send`,
 * `putBackIfOwnerIsBusy` and `requeueOrphanedJobs` reads and writes its job table itself. These
 * are the columns that SQL relies on, with their types (and `state < 'completed'` relies on the
 * order of its states); the rest goes through pg-boss's API. pg-boss-job-table.test.ts fails
 * when the installed pg-boss no longer has them.
 */
export const PG_BOSS_JOB_COLUMNS = {
  id: 'uuid',
  name: 'text',
  state: 'job_state',
  group_id: 'text',
  started_on: 'timestamp with time zone',
  heartbeat_on: 'timestamp with time zone',
  start_after: 'timestamp with time zone',
} as const;

/**
 * Where a kind of job goes once its last attempt has failed, however it failed (its handler threw,
 * its worker died, it ran out of time): the job there gives up on the subject (`onGiveUp`).
 */
export const givenUpQueue = (name: JobName) => `${name}.given-up`;

/** Why a job's signal aborted when its video was deleted. */
class JobCancelled extends Error {
  constructor() {
    super('the job was cancelled');
    this.name = 'JobCancelled';
  }
}

/** A job as a worker receives it. */
type Received = JobWithMetadata<JobPayloads[JobName]>;

/** A place to run SQL in: the pool, or a client inside an open transaction. */
export type SqlRunner = Pick<pg.Pool | pg.PoolClient, 'query'>;

const asPgBossDb = (runner: SqlRunner) => ({
  executeSql: (text: string, values: unknown[]) => runner.query(text, values),
});

/**
 * Durable jobs in the app's own PostgreSQL (pg-boss). A job survives crashes and restarts;
 * any number of processes may work the same queues. A running job beats (pg-boss's heartbeat):
 * when its process dies, the beats stop and any process still running hands the job back to the
 * queue.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<JobName, AnyJobDefinition>();
  private readonly shutdown = new AbortController();
  /** Jobs running in this process, to cancel by id. */
  private readonly running = new Map<string, AbortController>();

  /**
   * `wakeUps`: whether this process's workers are woken by NOTIFY, on a connection of their own.
   * A process that works no queue (an API process) needs no such connection; polling alone
   * also works, a second late at most.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    { wakeUps = true }: { wakeUps?: boolean } = {},
  ) {
    const connectionString = pool.options.connectionString;
    this.boss = new PgBoss({
      db: {
        ...asPgBossDb(pool),
        listen: (channel, onNotification, onReconnect) =>
          listenForJobs(connectionString, channel, { onNotification, onReconnect }, log),
      },
      useListenNotify: wakeUps,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    // Among them: the wake-ups could not be had, and workers poll every second instead.
    this.boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  }

  /** Installs or upgrades pg-boss's schema and the queues: run under the schema lock. */
  async start(definitions: AnyJobDefinition[]): Promise<void> {
    if (await setAsidePgBoss10(this.pool)) {
      this.log.warn('upgrading the job queue from pg-boss 10: its unfinished jobs move across');
    }
    await this.boss.start();
    for (const definition of definitions) {
      this.definitions.set(definition.name, definition);
      // `notify`: a job sent wakes the queue's workers (their processes listen, see work()).
      const retries = {
        retryLimit: definition.retryLimit,
        retryDelay: 5,
        retryBackoff: true,
        notify: true,
      };
      if (definition.onGiveUp) await this.ensureQueue(givenUpQueue(definition.name), retries);
      await this.ensureQueue(definition.name, {
        ...retries,
        expireInSeconds: definition.expireInSeconds,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        ...(definition.onGiveUp ? { deadLetter: givenUpQueue(definition.name) } : {}),
      });
      if (definition.schedule) {
        await this.boss.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' });
      }
    }
    const moved = await moveJobsFromPgBoss10(this.pool, this.boss, [...this.definitions.keys()]);
    if (moved > 0) this.log.warn({ moved }, 'moved the unfinished jobs of pg-boss 10 across');
  }

  /** Creates the queue, or brings the settings of one made by an earlier version up to date. */
  private async ensureQueue(name: string, options: Omit<Queue, 'name'>) {
    await this.boss.createQueue(name, options);
    await this.boss.updateQueue(name, options);
  }

  /** Starts working the defined queues in this process: all, or those named. */
  async work(only?: string[]): Promise<void> {
    for (const definition of this.definitions.values()) {
      if (only && !only.includes(definition.name)) continue;
      await this.boss.work(
        definition.name,
        {
          batchSize: 1,
          includeMetadata: true as const,
          pollingIntervalSeconds: POLL_SECONDS,
          notifyPollingIntervalSeconds: POLL_SECONDS_WHEN_WOKEN,
          localConcurrency: definition.concurrency,
          heartbeatRefreshSeconds: HEARTBEAT_REFRESH_SECONDS,
          // Fair turns (see `send`): counted across every process, by pg-boss as it fetches.
          ...(definition.concurrency > 1 ? { groupConcurrency: definition.concurrency - 1 } : {}),
        },
        ([job]: Received[]) => (job ? this.run(definition, job) : Promise.resolve()),
      );
      const { onGiveUp } = definition;
      if (onGiveUp) {
        await this.boss.work(
          givenUpQueue(definition.name),
          {
            batchSize: 1,
            includeMetadata: true as const,
            pollingIntervalSeconds: POLL_SECONDS,
            notifyPollingIntervalSeconds: POLL_SECONDS_WHEN_WOKEN,
          },
          async ([job]: Received[]) => {
            if (!job) return;
            this.log.warn(
              { job: definition.name, jobId: job.sourceId, payload: job.data },
              'gave up on a job: its last attempt failed',
            );
            await onGiveUp(job.data as never, job.sourceOutput);
          },
        );
      }
    }
  }

  private async run(definition: AnyJobDefinition, job: Received): Promise<void> {
    const log = this.log.child({ job: definition.name, jobId: job.id });
    if (job.groupId && definition.concurrency > 1) {
      if (await this.putBackIfOwnerIsBusy(definition, job.id, job.groupId)) {
        log.debug({ owner: job.groupId }, 'job put back: its owner has enough running');
        return;
      }
    }
    if (job.retryCount > 0 && endedWithItsWorker(job.output)) {
      log.warn('took over a job interrupted by a stopped worker');
    }
    log.info({ payload: job.data, attempt: job.retryCount + 1 }, 'job started');
    const cancel = new AbortController();
    this.running.set(job.id, cancel);
    try {
      await definition.handle(
        job.data as never,
        AbortSignal.any([this.shutdown.signal, cancel.signal, job.signal]),
      );
      log.info('job done');
    } catch (error) {
      // pg-boss settles only the attempt it handed out, so what the handler answers no longer
      // matters for a job cancelled or taken away.
      if (cancel.signal.aborted) {
        log.info('job cancelled: its video or export was deleted');
        return;
      }
      if (job.signal.aborted && !this.shutdown.signal.aborted) {
        log.warn({ reason: String(job.signal.reason) }, 'job stopped: it is no longer ours');
        return;
      }
      log.error({ err: error, attempt: job.retryCount + 1 }, 'job failed');
      throw error;
    } finally {
      this.running.delete(job.id);
    }
  }

  /**
   * Adds a job; pass `runner` to add it inside an open transaction (it then commits with it).
   *
   * Fair turns: every job is about a video, and its owner is whose turn it is (for an export,
   * whoever asked for it: a coach exporting an athlete's video spends the coach's turn). A job goes
   * behind the owner's own unfinished jobs of its kind and no further: its priority is minus
   * their number, so a user with one video waiting goes before the second of someone who has
   * ten (pg-boss takes the highest priority first, then the oldest). Its group is the owner:
   * a user may hold all but one of a process's slots for the kind, across all processes, and
   * the last one is kept for whoever else is waiting.
   */
  async send<N extends VideoJobName>(name: N, payload: JobPayloads[N], runner?: SqlRunner) {
    const db = runner ?? this.pool;
    const exportId = 'exportId' in payload ? payload.exportId : null;
    const { rows } = await db.query<{ owner: string | null; queued: number }>(
      `WITH subject AS (
         SELECT COALESCE((SELECT e.owner_id FROM video_exports e WHERE e.id = $3::uuid),
                         v.owner_id)::text AS owner
         FROM videos v WHERE v.id = $1)
       SELECT owner,
         (SELECT count(*)::int FROM pgboss.job j
           WHERE j.name = $2 AND j.state < 'completed' AND j.group_id = subject.owner
         ) AS queued
       FROM subject`,
      [payload.videoId, name, exportId],
    );
    const turn = rows[0];
    // A video deleted meanwhile still gets its job: the job finds nothing and ends.
    return this.boss.send(name, payload, {
      priority: -(turn?.queued ?? 0),
      ...(turn?.owner ? { group: { id: turn.owner } } : {}),
      ...(runner ? { db: asPgBossDb(runner) } : {}),
    });
  }

  /**
   * Cancels every job of the video, queued or running, in every process: queued ones never
   * start; running ones here abort at once, and in other processes at their next heartbeat,
   * which stops their child processes (ffmpeg). Returns how many were cancelled. Given
   * `{ exportId }`, cancels only that export's render; given `{ rangeId }`, only that range's scan.
   */
  async cancelJobsOf(
    subject: string | { exportId: string } | { rangeId: string },
  ): Promise<number> {
    const [field, value] =
      typeof subject === 'string'
        ? ['videoId', subject]
        : 'exportId' in subject
          ? ['exportId', subject.exportId]
          : ['rangeId', subject.rangeId];
    let cancelled = 0;
    for (const name of this.queueNames()) {
      const jobs = await this.boss.findJobs(name, { data: { [field]: value } });
      const ids = jobs.filter(isUnfinished).map((job) => job.id);
      if (ids.length === 0) continue;
      await this.boss.cancel(name, ids);
      for (const id of ids) this.running.get(id)?.abort(new JobCancelled());
      cancelled += ids.length;
    }
    if (cancelled > 0) {
      this.log.info({ subject, jobs: cancelled }, 'cancelled jobs: their video or export is gone');
    }
    return cancelled;
  }

  /**
   * Runs a failed job again (the Admin area), with one more attempt than it had. Resolves with
   * false when the job is not a failed one of ours.
   */
  async retryFailed(jobId: string): Promise<boolean> {
    const name = (await this.findOurJob(jobId, (job) => job.state === 'failed'))?.name;
    if (!name) return false;
    await this.boss.retry(name, jobId);
    return true;
  }

  /**
   * Cancels one queued or running job (the Admin area), in every process as `cancelJobsOf`
   * does, and gives up on its subject as after a last failed attempt (`onGiveUp`): an export
   * cancelled here is failed, not left "queued" for ever. Resolves with false when the job is
   * not an unfinished one of ours.
   */
  async cancel(jobId: string): Promise<boolean> {
    const job = await this.findOurJob(jobId, isUnfinished);
    if (!job) return false;
    const { name } = job;
    await this.boss.cancel(name, jobId);
    const cancelled = new JobCancelled();
    this.running.get(jobId)?.abort(cancelled);
    // A job of the given-up queue was on its way to giving up already.
    const definition = this.definitions.get(name.replace(/\.given-up$/, '') as JobName);
    if (definition?.onGiveUp) {
      await (definition.onGiveUp as (payload: unknown, error: unknown) => Promise<void>)(
        job.data,
        cancelled,
      );
    }
    return true;
  }

  /** The job of one of our queues with this id, when `wanted` says it is one to act on. */
  private async findOurJob(
    jobId: string,
    wanted: (job: Received) => boolean,
  ): Promise<Received | undefined> {
    for (const name of this.queueNames()) {
      const [job] = await this.boss.findJobs<Received['data']>(name, { id: jobId });
      if (job) return wanted(job) ? job : undefined;
    }
    return undefined;
  }

  /** Every queue of the jobs this process defines, their given-up queues included. */
  queueNames(): string[] {
    return [...this.definitions.values()].flatMap((definition) =>
      definition.onGiveUp ? [definition.name, givenUpQueue(definition.name)] : [definition.name],
    );
  }

  /**
   * pg-boss keeps an owner within their share as it fetches, but two slots that fetch in the
   * same instant can each take one of the owner's jobs. Checked one at a time per owner, the
   * job that finds the owner's share already running goes back to the queue, its place and
   * attempts unchanged, as pg-boss itself puts back jobs it will not run.
   */
  private async putBackIfOwnerIsBusy(
    definition: AnyJobDefinition,
    jobId: string,
    owner: string,
  ): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        OWNER_TURN_LOCK,
        `${definition.name} ${owner}`,
      ]);
      const { rowCount } = await client.query(
        `UPDATE pgboss.job SET state = 'created', started_on = NULL, heartbeat_on = NULL,
           start_after = now() + make_interval(secs => $5)
         WHERE name = $1 AND id = $2 AND state = 'active' AND $4 <= (
           SELECT count(*) FROM pgboss.job j
           WHERE j.name = $1 AND j.state = 'active' AND j.group_id = $3 AND j.id <> $2)`,
        [definition.name, jobId, owner, definition.concurrency - 1, PUT_BACK_SECONDS],
      );
      await client.query('COMMIT');
      return (rowCount ?? 0) > 0;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Hands jobs that were running when this process last died back to the queue at once, rather
   * than after their heartbeats are missed. Only safe when no other process can be working them:
   * the embedded database belongs to this process alone. A job on its last attempt goes to its
   * given-up queue, as a failing handler's would.
   */
  async requeueOrphanedJobs(): Promise<number> {
    const { rows } = await this.pool.query<{ id: string; name: string }>(
      `SELECT id, name FROM pgboss.job WHERE name = ANY($1) AND state = 'active'`,
      [[...this.definitions.keys()]],
    );
    for (const { id, name } of rows) {
      await this.boss.fail(name, id, { message: WORKER_STOPPED });
    }
    if (rows.length > 0) {
      this.log.warn({ requeued: rows.length }, 'requeued jobs interrupted by a crash');
    }
    return rows.length;
  }

  async stop(): Promise<void> {
    // A transcode can take minutes: stop it now; the job is retried after the restart.
    this.shutdown.abort();
    await this.boss.stop({ graceful: true, timeout: 5_000, close: false });
  }
}

/** Whether a job is still to run or running (not completed, cancelled or failed). */
const isUnfinished = (job: Pick<JobWithMetadata, 'state'>) =>
  job.state === 'created' || job.state === 'retry' || job.state === 'active';

/** Whether a job's last attempt ended because its worker stopped (the output it failed with). */
function endedWithItsWorker(output: unknown): boolean {
  const messageOf = (value: unknown) =>
    value && typeof value === 'object' && 'message' in value ? value.message : undefined;
  const wrapped = output && typeof output === 'object' && 'value' in output ? output.value : null;
  return [messageOf(output), messageOf(wrapped)].some(
    (message) => message === HEARTBEAT_LOST || message === WORKER_STOPPED,
  );
}
