import { hostname } from 'node:os';
import type pg from 'pg';
import type { Logger } from 'pino';

// The first half of the advisory-lock key every worker holds (the second half is its id). Any
// fixed number that no other lock in FilmRoom uses.
const WORKER_LOCK_CLASS = 4_201_978;

/** A worker is alive while PostgreSQL holds its lock: the lock goes the moment its socket does. */
const WORKER_IS_ALIVE = `EXISTS (
  SELECT 1 FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
    AND l.classid = ${WORKER_LOCK_CLASS}::oid AND l.objid = w.id::oid
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
)`;

export type OrphanedJob = { jobId: string; queue: string };

/** Where a cancelled job's id is announced to the process running it. */
const CANCEL_CHANNEL = 'filmroom_jobs_cancelled';

/**
 * This process's registration as a job worker. pg-boss only notices a dead worker's jobs when
 * they expire (an hour for a transcode); the lease lets any surviving worker hand them back to
 * the queue within seconds of the death.
 */
export class WorkerLease {
  private client: pg.PoolClient | undefined;
  private workerId: number | undefined;
  private readonly running = new Map<string, string>();
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    /** Told the ids of jobs cancelled anywhere (this process's or not). */
    private readonly onCancelled: (jobIds: string[]) => void = () => undefined,
  ) {}

  /** Tells every worker that these jobs are cancelled. */
  static async announceCancelled(pool: pg.Pool, jobIds: string[]): Promise<void> {
    await pool.query('SELECT pg_notify($1, $2)', [CANCEL_CHANNEL, JSON.stringify(jobIds)]);
  }

  async acquire(): Promise<void> {
    const client = await this.pool.connect();
    client.on('error', (error) => void this.reacquire(client, error));
    // The lock's connection also hears cancellations: it lives exactly as long as the worker.
    client.on('notification', (message) => {
      if (message.channel !== CANCEL_CHANNEL) return;
      try {
        const ids: unknown = JSON.parse(message.payload ?? '[]');
        if (Array.isArray(ids)) this.onCancelled(ids.filter((id) => typeof id === 'string'));
      } catch (error) {
        this.log.warn({ err: error }, 'unreadable job cancellation');
      }
    });
    await client.query(`LISTEN ${CANCEL_CHANNEL}`);
    const { rows } = await client.query<{ id: number }>(
      'INSERT INTO job_workers (hostname, pid) VALUES ($1, $2) RETURNING id',
      [hostname(), process.pid],
    );
    const id = rows[0]!.id;
    await client.query('SELECT pg_advisory_lock($1, $2)', [WORKER_LOCK_CLASS, id]);
    this.client = client;
    this.workerId = id;
    // Jobs this process was already running move to the new registration.
    if (this.running.size > 0) {
      await this.pool.query('UPDATE running_jobs SET worker_id = $1 WHERE job_id = ANY($2)', [
        id,
        [...this.running.keys()],
      ]);
    }
    this.log.info({ workerId: id }, 'registered as a job worker');
  }

  /** Records that this process is running the job, until the job leaves the active state. */
  async claim(jobId: string, queue: string): Promise<void> {
    this.running.set(jobId, queue);
    await this.pool.query(
      `INSERT INTO running_jobs (job_id, queue, worker_id) VALUES ($1, $2, $3)
       ON CONFLICT (job_id) DO UPDATE SET worker_id = EXCLUDED.worker_id, started_at = now()`,
      [jobId, queue, this.workerId],
    );
  }

  /** The job is finished here; its row goes once pg-boss has stored the outcome (see reap). */
  release(jobId: string): void {
    this.running.delete(jobId);
  }

  /**
   * Takes the jobs of workers that died away from them and returns the ones still marked
   * active, for the queue to fail (and so retry). Rows of finished jobs are tidied on the way.
   * Deleting a row is what entitles a worker to requeue its job, so two workers reaping at
   * once never requeue the same job twice.
   */
  async reapDeadWorkers(): Promise<OrphanedJob[]> {
    const { rows } = await this.pool.query<{ job_id: string; queue: string }>(
      `DELETE FROM running_jobs r USING job_workers w
       WHERE w.id = r.worker_id AND NOT ${WORKER_IS_ALIVE}
       RETURNING r.job_id, r.queue`,
    );
    await this.pool.query(`DELETE FROM job_workers w WHERE NOT ${WORKER_IS_ALIVE}`);
    await this.pool.query(
      `DELETE FROM running_jobs r WHERE NOT EXISTS (
         SELECT 1 FROM pgboss.job j WHERE j.name = r.queue AND j.id = r.job_id AND j.state = 'active'
       )`,
    );
    const orphaned: OrphanedJob[] = [];
    for (const row of rows) {
      const { rowCount } = await this.pool.query(
        `SELECT 1 FROM pgboss.job WHERE name = $1 AND id = $2 AND state = 'active'`,
        [row.queue, row.job_id],
      );
      if (rowCount) orphaned.push({ jobId: row.job_id, queue: row.queue });
    }
    return orphaned;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      await client.query('DELETE FROM job_workers WHERE id = $1', [this.workerId]);
      await client.query('SELECT pg_advisory_unlock($1, $2)', [WORKER_LOCK_CLASS, this.workerId]);
      await client.query(`UNLISTEN ${CANCEL_CHANNEL}`);
      client.removeAllListeners('notification');
      client.release();
    } catch {
      client.release(true);
    }
  }

  /**
   * The lock's connection broke (database restart, network): our lock is gone, so others may
   * already be requeueing our jobs. Register again and keep going; a job run twice is safe
   * because every job can be re-run from the start.
   */
  private async reacquire(client: pg.PoolClient, error: Error) {
    if (this.stopped || client !== this.client) return;
    this.log.warn({ err: error }, 'lost the job worker lock; registering again');
    this.client = undefined;
    client.release(true);
    for (let attempt = 1; !this.stopped && !this.client; attempt += 1) {
      try {
        await this.acquire();
      } catch (retryError) {
        this.log.warn({ err: retryError, attempt }, 'could not register as a job worker yet');
        await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, attempt * 1_000)));
      }
    }
  }
}

export type StuckJob = { jobId: string; queue: string; reason: string };

/**
 * Jobs marked running that nothing is running: their worker died and nobody requeued them yet,
 * nobody ever claimed them, or they outlived their time limit. What `npm run doctor` reports.
 */
export async function findStuckJobs(pool: pg.Pool): Promise<StuckJob[]> {
  const { rows } = await pool.query<{ job_id: string; queue: string; reason: string }>(`
    SELECT j.id AS job_id, j.name AS queue,
      CASE
        WHEN j.started_on + j.expire_in < now() THEN 'ran past its time limit'
        WHEN w.id IS NULL THEN 'no worker has claimed it'
        ELSE 'its worker (' || w.hostname || ' pid ' || w.pid || ') has stopped'
      END AS reason
    FROM pgboss.job j
    LEFT JOIN running_jobs r ON r.job_id = j.id AND r.queue = j.name
    LEFT JOIN job_workers w ON w.id = r.worker_id
    WHERE j.state = 'active' AND (
      j.started_on + j.expire_in < now()
      OR (w.id IS NULL AND j.started_on < now() - interval '1 minute')
      OR (w.id IS NOT NULL AND NOT ${WORKER_IS_ALIVE}))`);
  return rows.map((row) => ({ jobId: row.job_id, queue: row.queue, reason: row.reason }));
}
