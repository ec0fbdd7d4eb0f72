import type { AdminJob, AdminJobList } from '@filmroom/contract';
import type pg from 'pg';

// The failed list is history: the newest are what an admin acts on.
const FAILED_LISTED = 100;
const UNFINISHED_LISTED = 200;

type JobRow = {
  id: string;
  name: string;
  state: AdminJob['state'];
  video_id: string | null;
  video_title: string | null;
  owner_email: string | null;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  output: unknown;
  running_seconds: number | null;
};

const SELECT_JOBS = `
  SELECT j.id, j.name, j.state::text AS state, j.data->>'videoId' AS video_id,
    v.title AS video_title, u.username AS owner_email, j.retry_count, j.retry_limit,
    j.created_on, j.started_on, j.completed_on, j.output,
    CASE WHEN j.state = 'active'
      THEN extract(epoch FROM now() - j.started_on)::float8 END AS running_seconds
  FROM pgboss.job j
  LEFT JOIN videos v ON v.id::text = j.data->>'videoId'
  LEFT JOIN users u ON u.id::text = j.group_id
  WHERE j.name = ANY($1)`;

/** The message a failed attempt left (pg-boss keeps the thrown error, or a note of its own). */
function errorOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const value =
    'value' in output && output.value && typeof output.value === 'object' ? output.value : output;
  return 'message' in value && typeof value.message === 'string' ? value.message : null;
}

function toJob(row: JobRow): AdminJob {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    videoId: row.video_id,
    videoTitle: row.video_title,
    ownerEmail: row.owner_email,
    attempt: row.retry_count + 1,
    attempts: row.retry_limit + 1,
    createdAt: row.created_on.toISOString(),
    startedAt: row.started_on?.toISOString() ?? null,
    runningSeconds: row.running_seconds,
    completedAt: row.completed_on?.toISOString() ?? null,
    error: row.state === 'failed' || row.state === 'retry' ? errorOf(row.output) : null,
  };
}

/**
 * What the job queue holds: running now (and for how long), waiting, and failed for good, for
 * every kind of job this server defines (`queues`).
 */
export async function listJobs(pool: pg.Pool, queues: string[]): Promise<AdminJobList> {
  const unfinished = await pool.query<JobRow>(
    `${SELECT_JOBS} AND j.state < 'completed' ORDER BY j.started_on NULLS LAST, j.created_on
     LIMIT ${UNFINISHED_LISTED}`,
    [queues],
  );
  const failed = await pool.query<JobRow>(
    `${SELECT_JOBS} AND j.state = 'failed' ORDER BY j.completed_on DESC LIMIT ${FAILED_LISTED}`,
    [queues],
  );
  const counts = await pool.query<{ queued: number; running: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
       count(*) FILTER (WHERE state = 'active')::int AS running,
       count(*) FILTER (WHERE state = 'failed')::int AS failed
     FROM pgboss.job WHERE name = ANY($1)`,
    [queues],
  );
  const jobs = unfinished.rows.map(toJob);
  return {
    counts: counts.rows[0]!,
    running: jobs.filter((job) => job.state === 'active'),
    queued: jobs.filter((job) => job.state !== 'active'),
    failed: failed.rows.map(toJob),
  };
}
