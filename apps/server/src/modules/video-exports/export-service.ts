import type { CreateExportBody, VideoExport } from '@filmroom/contract';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { Database } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import { videoExports, videos, type UserRow, type VideoExportRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { conflict, notFound } from '../../lib/http-errors';
import type { BlobStore } from '../../storage';
import { VideoEvents } from '../videos';
import { resolveNewSource, sightOfSource } from './export-source';
import { exportFileName, toExportView } from './export-view';

export type ExportDependencies = {
  db: Database;
  pool: pg.Pool;
  blobs: BlobStore;
  jobs: JobQueue;
  /** How long a finished export stays downloadable. */
  keepSeconds: number;
};

const NOT_FOUND = 'Export not found';

/**
 * An export the user may see: theirs or not, it exists while they may view its source. Anyone
 * else is told it does not exist (never "forbidden": that would say it does).
 */
async function requireExportAccess(db: Database, user: UserRow, exportId: string) {
  const [row] = await db.select().from(videoExports).where(eq(videoExports.id, exportId));
  if (!row || row.expiresAt <= new Date()) throw notFound(NOT_FOUND);
  const sight = await sightOfSource(db, user, row);
  if (!sight) throw notFound(NOT_FOUND);
  return { row, sight };
}

/** Starts an export of a video, a clip or a playlist the user may view. */
export async function createExport(
  deps: ExportDependencies,
  user: UserRow,
  body: CreateExportBody,
): Promise<VideoExport> {
  const source = await resolveNewSource(deps.db, user, body.source);
  // The row and its job commit together: an export never waits for a job that was never queued.
  const row = await inTransaction(deps.pool, async (client) => {
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

export async function getExport(deps: ExportDependencies, user: UserRow, exportId: string) {
  const { row, sight } = await requireExportAccess(deps.db, user, exportId);
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

/** The finished file, for anyone who may view its source now (checked at every download). */
export async function openExportFile(
  deps: ExportDependencies,
  user: UserRow,
  exportId: string,
): Promise<{ stream: Readable; bytes: number; fileName: string }> {
  const { row, sight } = await requireExportAccess(deps.db, user, exportId);
  if (row.status !== 'ready' || !row.fileKey) {
    throw conflict('The export is not ready yet');
  }
  const info = await deps.blobs.stat(row.fileKey);
  if (!info) throw notFound(NOT_FOUND);
  return {
    stream: await deps.blobs.read(row.fileKey),
    bytes: info.bytes,
    fileName: exportFileName(sight.title, row.startSeconds, row.endSeconds),
  };
}

/**
 * Cancels a running export or removes a finished one: for whoever asked for it, and for the
 * owner and editors of a video exported whole or in part (it is their picture that is out there).
 */
export async function deleteExport(deps: ExportDependencies, user: UserRow, exportId: string) {
  const { row, sight } = await requireExportAccess(deps.db, user, exportId);
  if (row.ownerId !== user.id && !sight.editsSource) {
    throw notFound(NOT_FOUND);
  }
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
