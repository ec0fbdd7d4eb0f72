import { DEFAULT_DISPLAY_SECONDS, type ExportStatus } from '@filmroom/contract';
import {
  captionSvg,
  drawingSvg,
  exportSize,
  guidesSvg,
  nameLabelSvg,
  probeMedia,
  renderExport,
  type ExportStill,
  type FrameSize,
} from '@filmroom/media';
import { and, asc, eq } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { copyFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import {
  annotations,
  users,
  videoExports,
  videos,
  type VideoExportRow,
  type VideoRow,
} from '../../db/schema';
import type { JobDefinition } from '../../jobs/queue';
import type { Log } from '../../lib/logger';
import { WorkFolders, type BlobStore } from '../../storage';
import { findAnalysis, readStoredPoses } from '../analysis';
import { VideoEvents } from '../videos';
import { exportFileKey } from './export-keys';

type Dependencies = {
  db: Database;
  pool: pg.Pool;
  blobs: BlobStore;
  log: Log;
  config: Pick<Config, 'jobConcurrency' | 'dataDir'>;
};

const PROGRESS_INTERVAL_MS = 1_000;
// The player shows a coaching point's guides within 0.3 s of it, where a coach pauses; a file
// plays straight through, so the export holds them long enough to be seen.
const GUIDE_LEAD_SECONDS = 0.3;
const GUIDE_SECONDS = 2.5;

/** export.render: renders an export's range with its overlays and stores the file. */
export function renderExportJob(deps: Dependencies): JobDefinition<'export.render'> {
  return {
    name: 'export.render',
    // An export is at most a video's length at 720p: minutes, never an hour.
    expireInSeconds: 60 * 60,
    retryLimit: 2,
    concurrency: deps.config.jobConcurrency,
    handle: ({ exportId }, signal) => renderVideoExport(deps, exportId, signal),
    onGiveUp: async ({ exportId }) => {
      await setExportState(deps, exportId, {
        status: 'failed',
        progress: 0,
        failureReason: 'The export could not be made. Please try again.',
      });
    },
  };
}

/** Stores an export's new state and tells the open pages of its video. */
async function setExportState(
  { db, pool }: Pick<Dependencies, 'db' | 'pool'>,
  exportId: string,
  changes: Partial<
    Pick<VideoExportRow, 'status' | 'progress' | 'failureReason' | 'fileKey' | 'fileSize'>
  > & {
    status?: ExportStatus;
  },
) {
  const [row] = await db
    .update(videoExports)
    .set(changes)
    .where(eq(videoExports.id, exportId))
    .returning();
  if (row) {
    await VideoEvents.publishExport(pool, {
      id: row.id,
      videoId: row.videoId,
      status: row.status,
      progress: row.progress,
      failureReason: row.failureReason,
    });
  }
  return row;
}

/** Whether [from, to) meets the exported range. */
const overlaps = (from: number, to: number, row: VideoExportRow) =>
  from < row.endSeconds && to > row.startSeconds;

/** The overlays chosen for the export, as stills over their times and the sounds to mix in. */
async function collectOverlays(
  deps: Dependencies,
  row: VideoExportRow,
  video: VideoRow,
  size: FrameSize,
) {
  const chosen = new Set(row.overlays);
  const stills: ExportStill[] = [];
  const notes = await deps.db
    .select()
    .from(annotations)
    .where(eq(annotations.videoId, row.videoId))
    .orderBy(asc(annotations.timestamp));
  const voiceNotes: { key: string; at: number }[] = [];
  for (const note of notes) {
    const shownUntil = note.timestamp + (note.displaySeconds ?? DEFAULT_DISPLAY_SECONDS);
    if (chosen.has('drawings') && note.drawing && overlaps(note.timestamp, shownUntil, row)) {
      stills.push({
        from: note.timestamp,
        to: shownUntil,
        svg: drawingSvg(note.drawing, size, `d${stills.length}`),
      });
    }
    // Replies repeat their note's time: only the note itself is captioned and voiced.
    if (note.parentId !== null) continue;
    const captionUntil = note.endTime ?? shownUntil;
    if (
      chosen.has('captions') &&
      note.content.trim() &&
      overlaps(note.timestamp, captionUntil, row)
    ) {
      stills.push({ from: note.timestamp, to: captionUntil, svg: captionSvg(note.content, size) });
    }
    if (
      chosen.has('voiceNotes') &&
      note.audioKey &&
      note.timestamp >= row.startSeconds &&
      note.timestamp < row.endSeconds
    ) {
      voiceNotes.push({ key: note.audioKey, at: note.timestamp });
    }
  }
  if (chosen.has('guides')) {
    const analysis = await findAnalysis(deps.db, row.videoId);
    for (const point of analysis?.coachingPoints ?? []) {
      const from = point.timestamp - GUIDE_LEAD_SECONDS;
      const to = point.timestamp + GUIDE_SECONDS;
      if (!point.visualGuides?.length || !overlaps(from, to, row)) continue;
      stills.push({ from, to, svg: guidesSvg(point.visualGuides, size) });
    }
  }
  if (chosen.has('name')) {
    const [owner] = await deps.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, video.ownerId));
    const name = owner ? `${video.title} · ${owner.name}` : video.title;
    stills.push({ from: row.startSeconds, to: row.endSeconds + 1, svg: nameLabelSvg(name, size) });
  }
  const poses = chosen.has('skeleton') ? await readStoredPoses(deps.blobs, row.videoId) : null;
  return { stills, voiceNotes, poses };
}

async function renderVideoExport(deps: Dependencies, exportId: string, signal: AbortSignal) {
  const { db, blobs, log } = deps;
  const [row] = await db.select().from(videoExports).where(eq(videoExports.id, exportId));
  if (!row) return; // removed before its turn came
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, row.videoId), eq(videos.status, 'ready')));
  if (!video?.mediaKey) {
    await setExportState(deps, exportId, {
      status: 'failed',
      failureReason: 'The video is not ready to export.',
    });
    return;
  }
  await setExportState(deps, exportId, { status: 'rendering', progress: 0, failureReason: null });
  // Writes go one after another, so a late progress write can never land after "ready".
  let writes: Promise<unknown> = Promise.resolve();
  const queueState = (changes: Parameters<typeof setExportState>[2]) => {
    const write = writes.then(() => setExportState(deps, exportId, changes));
    writes = write.catch(() => undefined);
    return write;
  };

  const workDir = await WorkFolders.in(deps.config.dataDir).create(`export-${exportId}`);
  try {
    const fileKey = exportFileKey(row.videoId, exportId);
    const bytes = await blobs.withLocalCopy(video.mediaKey, async (media) => {
      const probe = await probeMedia(media, signal);
      const size = exportSize({
        width: probe.video?.width ?? video.width ?? 1280,
        height: probe.video?.height ?? video.height ?? 720,
      });
      const overlays = await collectOverlays(deps, row, video, size);
      const voiceNotes: { path: string; at: number }[] = [];
      for (const [index, note] of overlays.voiceNotes.entries()) {
        if (!(await blobs.stat(note.key))) continue; // its note was deleted meanwhile
        const file = path.join(workDir, `voice-${index}${path.extname(note.key)}`);
        await blobs.withLocalCopy(note.key, (local) => copyFile(local, file));
        voiceNotes.push({ path: file, at: note.at });
      }
      const output = path.join(workDir, 'export.mp4');
      let lastWrite = 0;
      await renderExport({
        input: media,
        output,
        start: row.startSeconds,
        end: row.endSeconds,
        size,
        stills: overlays.stills,
        poses: overlays.poses,
        voiceNotes,
        sourceHasAudio: probe.audio !== null,
        signal,
        onProgress: (fraction) => {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_INTERVAL_MS) return;
          lastWrite = now;
          // The last 3 % is the upload to storage.
          void queueState({ progress: Math.floor(fraction * 97) }).catch((error: unknown) =>
            log.warn({ err: error, exportId }, 'could not record export progress'),
          );
        },
      });
      await blobs.write(fileKey, createReadStream(output), { contentType: 'video/mp4' });
      return (await stat(output)).size;
    });
    const done = await queueState({ status: 'ready', progress: 100, fileKey, fileSize: bytes });
    // Removed while we worked: nothing points at the file, so remove it.
    if (!done) await blobs.delete(fileKey);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
