import type { CreateExportBody, VideoExport } from '@filmroom/contract';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { Database } from '../../db/connection';
import { videoExports, videos, type UserRow, type VideoExportRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { BlobStore } from '../../storage';
import { canEdit, findVideoAccess, requireVideoAccess, VideoEvents } from '../videos';
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
// Seconds of slack at the video's end: a range marked on the player may end on its last frame,
// which the stored duration can round below.
const END_SLACK = 0.05;
// A range shorter than this has no picture worth a file.
const MIN_LENGTH = 0.2;

/**
 * An export the user may see: theirs or not, it exists while they may view its video. Anyone
 * else is told it does not exist (never "forbidden": that would say it does).
 */
async function requireExportAccess(db: Database, user: UserRow, exportId: string) {
  const [row] = await db.select().from(videoExports).where(eq(videoExports.id, exportId));
  if (!row || row.expiresAt <= new Date()) throw notFound(NOT_FOUND);
  const access = await findVideoAccess(db, user, row.videoId);
  if (!access) throw notFound(NOT_FOUND);
  return { row, access };
}

/** Starts an export of a range of a video the user may view. */
export async function createExport(
  deps: ExportDependencies,
  user: UserRow,
  body: CreateExportBody,
): Promise<VideoExport> {
  const { source } = body;
  const { video } = await requireVideoAccess(deps.db, user, source.videoId, 'view');
  if (video.status !== 'ready' || video.duration === null) {
    throw conflict('The video is still being prepared: export it once it is ready');
  }
  const start = source.start ?? 0;
  const end = source.end ?? video.duration;
  if (start >= video.duration) {
    throw badRequest(
      `source.start must be before the video's end (${video.duration.toFixed(2)} s)`,
    );
  }
  if (end > video.duration + END_SLACK) {
    throw badRequest(`source.end is past the video's end (${video.duration.toFixed(2)} s)`);
  }
  if (end - start < MIN_LENGTH) {
    throw badRequest('source.end must come at least 0.2 s after source.start');
  }
  // The row and its job commit together: an export never waits for a job that was never queued.
  const client = await deps.pool.connect();
  let row: VideoExportRow;
  try {
    await client.query('BEGIN');
    const [created] = await drizzle(client)
      .insert(videoExports)
      .values({
        videoId: video.id,
        ownerId: user.id,
        startSeconds: start,
        endSeconds: Math.min(end, video.duration),
        overlays: body.overlays,
        expiresAt: new Date(Date.now() + deps.keepSeconds * 1000),
      })
      .returning();
    row = created!;
    await deps.jobs.send('export.render', { exportId: row.id, videoId: video.id }, client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return toExportView(row, video.title);
}

export async function getExport(deps: ExportDependencies, user: UserRow, exportId: string) {
  const { row, access } = await requireExportAccess(deps.db, user, exportId);
  return toExportView(row, access.video.title);
}

/** The user's own exports not yet expired, newest first, of videos they may still view. */
export async function listMyExports(deps: ExportDependencies, user: UserRow) {
  const rows = await deps.db
    .select({ row: videoExports, title: videos.title })
    .from(videoExports)
    .innerJoin(videos, eq(videos.id, videoExports.videoId))
    .where(and(eq(videoExports.ownerId, user.id), gt(videoExports.expiresAt, new Date())))
    .orderBy(desc(videoExports.createdAt))
    .limit(100);
  const views: VideoExport[] = [];
  for (const { row, title } of rows) {
    if (await findVideoAccess(deps.db, user, row.videoId)) views.push(toExportView(row, title));
  }
  return { exports: views };
}

/** The finished file, for anyone who may view the video now (checked at every download). */
export async function openExportFile(
  deps: ExportDependencies,
  user: UserRow,
  exportId: string,
): Promise<{ stream: Readable; bytes: number; fileName: string }> {
  const { row, access } = await requireExportAccess(deps.db, user, exportId);
  if (row.status !== 'ready' || !row.fileKey) {
    throw conflict('The export is not ready yet');
  }
  const info = await deps.blobs.stat(row.fileKey);
  if (!info) throw notFound(NOT_FOUND);
  return {
    stream: await deps.blobs.read(row.fileKey),
    bytes: info.bytes,
    fileName: exportFileName(access.video.title, row.startSeconds, row.endSeconds),
  };
}

/**
 * Cancels a running export or removes a finished one: for whoever asked for it, and for the
 * video's owner and editors (it is their video's picture that is out there).
 */
export async function deleteExport(deps: ExportDependencies, user: UserRow, exportId: string) {
  const { row, access } = await requireExportAccess(deps.db, user, exportId);
  if (row.ownerId !== user.id && !canEdit(access)) {
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
  await VideoEvents.publishExport(deps.pool, {
    id: row.id,
    videoId: row.videoId,
    status: 'failed',
    progress: 0,
    failureReason: 'The export was removed',
  });
}

/** Removes exports past their time, files and rows (the periodic sweep). Returns how many. */
export async function sweepExpiredExports(
  deps: Pick<ExportDependencies, 'db' | 'pool' | 'blobs' | 'jobs'>,
  now = new Date(),
): Promise<number> {
  const expired = await deps.db.select().from(videoExports).where(lte(videoExports.expiresAt, now));
  for (const row of expired) await removeExport(deps, row);
  return expired.length;
}
