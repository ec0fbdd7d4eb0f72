import type { CreateExportBody, VideoExport } from '@filmroom/contract';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import { videoExports, videos, type UserRow, type VideoExportRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { conflict, HttpError, notFound } from '../../lib/http-errors';
import type { BlobStore } from '../../storage';
import { requireAccess, sightOfSource } from '../access';
import { VideoEvents } from '../events';
import { estimatedRangeBytes, lockOwnersQuota, quotaProblem, storageUsedBy } from '../videos';
import { resolveNewSource, type ResolvedSource } from './export-source';
import { exportFileName, toExportView } from './export-view';

export type ExportDependencies = {
  db: Database;
  pool: pg.Pool;
  blobs: BlobStore;
  jobs: JobQueue;
  /** How long a finished export stays downloadable. */
  keepSeconds: number;
  /** Exports one account may have queued or rendering at once. */
  maxInProgressPerUser: number;
  /** Each user's storage quota in bytes (their exports count); undefined: none. */
  quotaBytes: number | undefined;
};

export const NOT_FOUND = 'Export not found';

/** Starts an export of a video, a clip or a playlist the user may view. */
export async function createExport(
  deps: ExportDependencies,
  user: UserRow,
  body: CreateExportBody,
): Promise<VideoExport> {
  const source = await resolveNewSource(deps.db, user, body.source);
  const estimate = await estimatedBytes(deps.db, source);
  // The row and its job commit together: an export never waits for a job that was never queued.
  const row = await inTransaction(deps.pool, async (client) => {
    await requireRoomForExport(deps, client, user, estimate);
    const [created] = await drizzle(client)
      .insert(videoExports)
      .values({
        videoId: source.videoId,
        ownerId: user.id,
        sourceKind: source.kind,
        clipId: source.clipId,
        playlistId: source.playlistId,
        segments: source.segments,
        startSeconds: source.start,
        endSeconds: source.end,
        overlays: body.overlays,
        expiresAt: new Date(Date.now() + deps.keepSeconds * 1000),
      })
      .returning();
    // The job names a video for the queue's bookkeeping (cancelled with it): a playlist's first.
    const videoId = source.segments[0]!.videoId;
    await deps.jobs.send('export.render', { exportId: created!.id, videoId }, client);
    return created!;
  });
  return toExportView(row, source.title);
}

/** The bytes the export's file is expected to take (its videos' share for its ranges). */
async function estimatedBytes(db: Database, source: ResolvedSource): Promise<number> {
  const ids = [...new Set(source.segments.map((segment) => segment.videoId))];
  const rows = await db
    .select({ id: videos.id, originalBytes: videos.originalBytes, duration: videos.duration })
    .from(videos)
    .where(inArray(videos.id, ids));
  const byId = new Map(rows.map((video) => [video.id, video]));
  return source.segments.reduce((total, segment) => {
    const video = byId.get(segment.videoId);
    return total + (video ? estimatedRangeBytes(video, segment.end - segment.start) : 0);
  }, 0);
}

const IN_PROGRESS = ['queued', 'rendering'];

/**
 * Refuses an export past the user's limit of exports being made at once (429), or one whose
 * expected size would take them past their storage quota (413). Under the owner's quota lock,
 * so parallel requests are judged one after another.
 */
async function requireRoomForExport(
  deps: ExportDependencies,
  client: pg.PoolClient,
  user: UserRow,
  estimate: number,
) {
  await lockOwnersQuota(client, user.id);
  const { rows } = await client.query<{ making: number }>(
    `SELECT count(*)::int AS making FROM video_exports
      WHERE owner_id = $1 AND status = ANY($2) AND expires_at > now()`,
    [user.id, IN_PROGRESS],
  );
  if (rows[0]!.making >= deps.maxInProgressPerUser) {
    throw new HttpError(
      429,
      `You have ${rows[0]!.making} exports being made, the most one account may have at once ` +
        `(${deps.maxInProgressPerUser}): wait for one to finish, or remove one, and try again.`,
    );
  }
  const problem = quotaProblem(estimate, await storageUsedBy(client, user.id), deps.quotaBytes, {
    what: 'This export',
    whose: 'you',
    advice: 'Remove exports or videos you no longer need, or ask your administrator for more room.',
  });
  if (problem) throw new HttpError(413, problem);
}

export async function getExport(deps: ExportDependencies, user: UserRow, exportId: string) {
  const { row, sight } = await requireAccess(deps.db, user, 'export.read', exportId);
  return toExportView(row, sight.title);
}

/** The user's own exports not yet expired, newest first, of sources they may still view. */
export async function listMyExports(deps: ExportDependencies, user: UserRow) {
  const rows = await deps.db
    .select()
    .from(videoExports)
    .where(and(eq(videoExports.ownerId, user.id), gt(videoExports.expiresAt, new Date())))
    .orderBy(desc(videoExports.createdAt))
    .limit(100);
  const views: VideoExport[] = [];
  for (const row of rows) {
    const sight = await sightOfSource(deps.db, user, row);
    if (sight) views.push(toExportView(row, sight.title));
  }
  return { exports: views };
}

/**
 * The finished file's key and the name to save it under, for anyone who may view its source now
 * (checked at every download).
 */
export async function exportFileOf(
  deps: ExportDependencies,
  user: UserRow,
  exportId: string,
): Promise<{ key: string; fileName: string }> {
  const { row, sight } = await requireAccess(deps.db, user, 'export.read', exportId);
  if (row.status !== 'ready' || !row.fileKey) {
    throw conflict('The export is not ready yet');
  }
  // Looked for here, so that a file gone missing is a 404 on S3 too, not a redirect to one.
  if (!(await deps.blobs.stat(row.fileKey))) throw notFound(NOT_FOUND);
  return {
    key: row.fileKey,
    fileName: exportFileName(sight.title, row.startSeconds, row.endSeconds),
  };
}

/**
 * Cancels a running export or removes a finished one: for whoever asked for it, and for the
 * owner and editors of a video exported whole or in part (it is their picture that is out there).
 */
export async function deleteExport(deps: ExportDependencies, user: UserRow, exportId: string) {
  const { row } = await requireAccess(deps.db, user, 'export.delete', exportId);
  await removeExport(deps, row);
}

async function removeExport(
  deps: Pick<ExportDependencies, 'db' | 'pool' | 'blobs' | 'jobs'>,
  row: VideoExportRow,
) {
  await deps.jobs.cancelJobsOf({ exportId: row.id });
  await deps.db.delete(videoExports).where(eq(videoExports.id, row.id));
  if (row.fileKey) await deps.blobs.delete(row.fileKey);
  await VideoEvents.publishExport(deps.pool, row.ownerId, {
    id: row.id,
    status: 'failed',
    progress: 0,
    failureReason: 'The export was removed',
  });
}

/**
 * Removes exports past their time, and those whose clip, playlist or a playlist's video is gone,
 * files and rows (the periodic sweep). Returns how many.
 */
export async function sweepExpiredExports(
  deps: Pick<ExportDependencies, 'db' | 'pool' | 'blobs' | 'jobs'>,
  now = new Date(),
): Promise<number> {
  const expired = await deps.db
    .select()
    .from(videoExports)
    .where(
      or(
        lte(videoExports.expiresAt, now),
        and(eq(videoExports.sourceKind, 'clip'), isNull(videoExports.clipId)),
        and(eq(videoExports.sourceKind, 'playlist'), isNull(videoExports.playlistId)),
        and(
          eq(videoExports.sourceKind, 'playlist'),
          sql`exists (select 1 from jsonb_array_elements(${videoExports.segments}) as part
            where not exists (select 1 from ${videos} where ${videos.id} = (part->>'videoId')::uuid))`,
        ),
      ),
    );
  for (const row of expired) await removeExport(deps, row);
  return expired.length;
}
