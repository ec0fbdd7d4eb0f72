import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { givenUpQueue, type JobName } from '../jobs/queue';
import type { BlobStore, WorkFolders } from '../storage';
import { blobsWithoutRows, LEFTOVER_AGE_MS } from './blob-inventory';

export type Finding = { check: Check; subject: string; detail: string };

type Check =
  | 'missing blob'
  | 'blob without a row'
  | 'stuck job'
  | 'stuck video'
  | 'stuck analysis'
  | 'stuck export'
  | 'unfinished upload'
  | 'failure without a reason'
  | 'leftover work files';

export type Report = {
  /** Broken invariants: each needs an operator (or a bug fix). */
  problems: Finding[];
  /** Work in progress that is fine now but would be a problem if it stays. */
  inProgress: Finding[];
  /** What this store does not let the doctor see, said rather than passed over. */
  unchecked: string[];
  counts: { videos: number; blobs: number; activeJobs: number };
};

type Dependencies = {
  pool: pg.Pool;
  blobs: BlobStore;
  /** DATA_DIR/work, where transcodes and downloads in progress are. */
  workFolders?: WorkFolders;
  /** Where resumable uploads collect on local disk, and how long one may stay unfinished. */
  resumableUploads?: { directory: string; expiryMs: number };
  now?: Date;
};

/**
 * FilmRoom's storage invariants, checked against the live database and blob store: every row's
 * files exist, every file belongs to a row, no job is stuck, every video ends ready or failed
 * with a reason. Reads only; `npm run doctor` prints the report.
 */
export async function examine(deps: Dependencies): Promise<Report> {
  const now = deps.now ?? new Date();
  const problems: Finding[] = [];
  const inProgress: Finding[] = [];
  const { stored, orphaned, referred } = await blobsWithoutRows(deps.pool, deps.blobs);

  for (const [key, owner] of referred) {
    if (!(await deps.blobs.stat(key))) {
      problems.push({ check: 'missing blob', subject: key, detail: `${owner} has no file` });
    }
  }
  for (const key of orphaned) {
    const info = await deps.blobs.stat(key);
    if (!info) continue; // gone since it was listed: a request finished with it
    const age = now.getTime() - info.modifiedAt.getTime();
    const finding = {
      check: 'blob without a row' as const,
      subject: key,
      detail: key.startsWith('incoming/')
        ? `an upload that was never committed, last written ${ageText(age)} ago`
        : `no row refers to it (written ${ageText(age)} ago)`,
    };
    (age > LEFTOVER_AGE_MS ? problems : inProgress).push(finding);
  }
  const unchecked: string[] = [];
  const partials = await deps.blobs.listPartialWrites();
  if (partials === 'unlisted') {
    unchecked.push(
      'unfinished uploads: this store cannot list them (its lifecycle rule for incomplete multipart uploads removes them)',
    );
  }
  for (const partial of partials === 'unlisted' ? [] : partials) {
    const age = now.getTime() - partial.modifiedAt.getTime();
    (age > LEFTOVER_AGE_MS ? problems : inProgress).push({
      check: 'blob without a row',
      subject: partial.name,
      detail: `a half-written file, last written ${ageText(age)} ago`,
    });
  }

  if (deps.workFolders) {
    const leftovers = new Set((await deps.workFolders.leftovers(now)).map((f) => f.name));
    for (const folder of await deps.workFolders.list()) {
      const age = ageText(now.getTime() - folder.modifiedAt.getTime());
      const finding = {
        check: 'leftover work files' as const,
        subject: `${deps.workFolders.root}/${folder.name}`,
        detail: leftovers.has(folder.name)
          ? folder.pid
            ? `left by a process that has stopped (pid ${folder.pid}), last written ${age} ago`
            : `nothing has written to it for ${age}`
          : `in use by ${folder.pid ? `process ${folder.pid}` : 'a running process'}, last written ${age} ago`,
      };
      (leftovers.has(folder.name) ? problems : inProgress).push(finding);
    }
  }

  if (deps.resumableUploads) {
    const uploads = await unfinishedUploads(deps.pool, deps.resumableUploads, now);
    problems.push(...uploads.problems);
    inProgress.push(...uploads.inProgress);
  }

  problems.push(...(await stuckJobs(deps.pool, now)), ...(await unfinishedWork(deps.pool)));

  const { rows } = await deps.pool.query<{ videos: number; active: number }>(
    `SELECT (SELECT count(*)::int FROM videos) AS videos,
            (SELECT count(*)::int FROM pgboss.job WHERE state = 'active') AS active`,
  );
  return {
    problems,
    inProgress,
    unchecked,
    counts: { videos: rows[0]!.videos, blobs: stored.length, activeJobs: rows[0]!.active },
  };
}

/**
 * Jobs marked running that nothing is running: their worker stopped sending heartbeats (it died,
 * and no process has handed the job back yet), or they outlived their time limit.
 */
async function stuckJobs(pool: pg.Pool, now: Date): Promise<Finding[]> {
  const { rows } = await pool.query<{
    id: string;
    name: string;
    overdue: boolean;
    silent_ms: number | null;
  }>(
    `SELECT id, name,
       started_on + expire_seconds * interval '1 second' < $1 AS overdue,
       (extract(epoch FROM $1 - coalesce(heartbeat_on, started_on)) * 1000)::float8 AS silent_ms
     FROM pgboss.job
     WHERE state = 'active' AND (
       started_on + expire_seconds * interval '1 second' < $1
       OR coalesce(heartbeat_on, started_on) + heartbeat_seconds * interval '1 second' < $1)`,
    [now],
  );
  return rows.map((row) => ({
    check: 'stuck job',
    subject: `${row.name} ${row.id}`,
    detail: row.overdue
      ? 'ran past its time limit'
      : `its worker has sent no heartbeat for ${ageText(row.silent_ms ?? 0)}: it has stopped`,
  }));
}

/** Videos and analyses that are neither finished nor have a job that will finish them. */
async function unfinishedWork(pool: pg.Pool): Promise<Finding[]> {
  // A job whose last attempt failed is still pending while its given-up job has yet to say so.
  const pending = (queues: JobName[], idColumn: string) => `EXISTS (
    SELECT 1 FROM pgboss.job j
    WHERE j.name = ANY('{${queues.flatMap((name) => [name, givenUpQueue(name)]).join(',')}}')
      AND j.data->>'videoId' = ${idColumn}::text
      AND j.state IN ('created', 'retry', 'active'))`;
  const { rows } = await pool.query<{ check: Check; subject: string; detail: string }>(`
    SELECT 'stuck video' AS check, 'video ' || id AS subject,
           'still processing, but no job will prepare it' AS detail
      FROM videos WHERE status = 'processing' AND NOT ${pending(['media.prepare'], 'videos.id')}
    UNION ALL
    SELECT 'stuck analysis', 'the analysis of video ' || video_id,
           'still ' || status || ', but no job will finish it'
      FROM analyses WHERE status IN ('scanning', 'analysing')
       AND NOT ${pending(['vision.scan', 'analysis.generate'], 'analyses.video_id')}
    UNION ALL
    SELECT 'stuck analysis', 'the analysis of range ' || id || ' of video ' || video_id,
           'still ' || status || ', but no job will finish it'
      FROM analysis_ranges WHERE status IN ('queued', 'scanning', 'analysing')
       AND NOT ${pending(['analysis.range'], 'analysis_ranges.video_id')}
    UNION ALL
    SELECT 'stuck export', 'export ' || id || ' of video ' || video_id,
           'still ' || status || ', but no job will make it'
      FROM video_exports e WHERE status IN ('queued', 'rendering') AND NOT EXISTS (
        SELECT 1 FROM pgboss.job j
        WHERE j.name IN ('export.render', '${givenUpQueue('export.render')}')
          AND j.data->>'exportId' = e.id::text
          AND j.state IN ('created', 'retry', 'active'))
    UNION ALL
    SELECT 'failure without a reason', 'video ' || id, 'failed, and nobody is told why'
      FROM videos WHERE status = 'failed' AND coalesce(trim(failure_reason), '') = ''
    UNION ALL
    SELECT 'failure without a reason', 'the analysis of video ' || video_id,
           'failed, and nobody is told why'
      FROM analyses WHERE status = 'failed' AND coalesce(trim(failure_reason), '') = ''`);
  return rows;
}

/**
 * Resumable uploads under way (the tus file store's `<id>` and `<id>.json`): in progress while
 * their time lasts and their account holds room for them; a problem once past their time (the
 * sweep should have removed them) or when no account does (it was deleted, and they stayed).
 */
async function unfinishedUploads(
  pool: pg.Pool,
  { directory, expiryMs }: { directory: string; expiryMs: number },
  now: Date,
): Promise<{ problems: Finding[]; inProgress: Finding[] }> {
  const problems: Finding[] = [];
  const inProgress: Finding[] = [];
  const names = await readdir(directory).catch(() => [] as string[]);
  const ids = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5));
  const { rows } = await pool.query<{ id: string; owner: string }>(
    `SELECT r.id, u.username AS owner FROM upload_reservations r JOIN users u ON u.id = r.owner_id
      WHERE r.id = ANY($1)`,
    [ids],
  );
  const owners = new Map(rows.map((row) => [row.id, row.owner]));
  for (const id of ids) {
    const record = JSON.parse(await readFile(path.join(directory, `${id}.json`), 'utf8')) as {
      size?: number;
      creation_date?: string;
    };
    const file = await stat(path.join(directory, id)).catch(() => null);
    const created = new Date(record.creation_date ?? file?.mtime ?? now);
    const received = `${mb(file?.size ?? 0)} of ${mb(record.size ?? 0)} received`;
    const lastWritten = file
      ? `, last written ${ageText(now.getTime() - file.mtime.getTime())} ago`
      : '';
    const owner = owners.get(id);
    const subject = `resumable upload ${id}`;
    if (now.getTime() - created.getTime() > expiryMs) {
      problems.push({
        check: 'unfinished upload',
        subject,
        detail: `${received}, kept past its time (UPLOAD_RESUME_HOURS): the sweep has not removed it`,
      });
    } else if (!owner) {
      problems.push({
        check: 'unfinished upload',
        subject,
        detail: `${received}${lastWritten}, and no account holds room for it (its account is gone)`,
      });
    } else {
      inProgress.push({
        check: 'unfinished upload',
        subject,
        detail: `${owner}'s, ${received}${lastWritten}`,
      });
    }
  }
  return { problems, inProgress };
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

function ageText(ms: number): string {
  if (ms < 60_000) return `${Math.max(0, Math.round(ms / 1000))} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}
