import {
  DEFAULT_DISPLAY_SECONDS,
  measurementOverlays,
  overlaysNeedPoses,
  planeOutlines,
  type ExportOverlay,
  type ExportStatus,
  type PictureSize,
} from '@filmroom/contract';
import {
  drawingSvg,
  exportSize,
  fitWithin,
  guidesSvg,
  joinExportParts,
  measurementsSvgAt,
  nameLabelSvg,
  probeMedia,
  renderExport,
  stackedCaptions,
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
  measurements,
  users,
  videoExports,
  videos,
  type ExportSegment,
  type VideoExportRow,
  type VideoRow,
} from '../../db/schema';
import type { JobDefinition } from '../../jobs/queue';
import type { Log } from '../../lib/logger';
import { WorkFolders, type BlobStore } from '../../storage';
import { findAnalysis, readStoredPoses, toAnalysisView } from '../analysis';
import { VideoEvents } from '../events';
import { exportFileKey } from './export-keys';
import { planeOutlinesSvg } from './plane-outline-svg';

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

/** Stores an export's new state and tells the open pages of whoever asked for it. */
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
    await VideoEvents.publishExport(pool, row.ownerId, {
      id: row.id,
      status: row.status,
      progress: row.progress,
      failureReason: row.failureReason,
    });
  }
  return row;
}

/** Whether [from, to) meets the segment's range. */
const overlaps = (from: number, to: number, segment: ExportSegment) =>
  from < segment.end && to > segment.start;

/** The overlays chosen for one segment, as stills over their times and the sounds to mix in. */
async function collectOverlays(
  deps: Dependencies,
  overlays: readonly ExportOverlay[],
  segment: ExportSegment,
  video: VideoRow,
  size: FrameSize,
  source: PictureSize,
) {
  const chosen = new Set(overlays);
  const stills: ExportStill[] = [];
  const notes = await deps.db
    .select()
    .from(annotations)
    .where(eq(annotations.videoId, segment.videoId))
    .orderBy(asc(annotations.timestamp));
  const voiceNotes: { key: string; at: number }[] = [];
  const captions: { from: number; to: number; text: string }[] = [];
  for (const note of notes) {
    const shownUntil = note.timestamp + (note.displaySeconds ?? DEFAULT_DISPLAY_SECONDS);
    if (chosen.has('drawings') && note.drawing && overlaps(note.timestamp, shownUntil, segment)) {
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
      overlaps(note.timestamp, captionUntil, segment)
    ) {
      captions.push({ from: note.timestamp, to: captionUntil, text: note.content });
    }
    if (
      chosen.has('voiceNotes') &&
      note.audioKey &&
      note.timestamp >= segment.start &&
      note.timestamp < segment.end
    ) {
      voiceNotes.push({ key: note.audioKey, at: note.timestamp });
    }
  }
  // Notes at the same moment: their captions stack instead of drawing over each other.
  stills.push(...stackedCaptions(captions, size));
  if (chosen.has('guides')) {
    const analysis = await findAnalysis(deps.db, segment.videoId);
    for (const point of analysis?.coachingPoints ?? []) {
      const from = point.timestamp - GUIDE_LEAD_SECONDS;
      const to = point.timestamp + GUIDE_SECONDS;
      if (!point.visualGuides?.length || !overlaps(from, to, segment)) continue;
      stills.push({ from, to, svg: guidesSvg(point.visualGuides, size) });
    }
  }
  if (chosen.has('name')) {
    const [owner] = await deps.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, video.ownerId));
    const name = owner ? `${video.title} · ${owner.name}` : video.title;
    stills.push({ from: segment.start, to: segment.end + 1, svg: nameLabelSvg(name, size) });
  }
  const poses = chosen.has('skeleton') ? await readStoredPoses(deps.blobs, segment.videoId) : null;
  const frameSvg = chosen.has('measurements')
    ? await measurementsFrameSvg(deps, video, size, source, poses)
    : null;
  return { stills, voiceNotes, poses: chosen.has('skeleton') ? poses : null, frameSvg };
}

/**
 * The video's saved measurements drawn for each overlay frame (the court rectangle they were
 * measured on, paths with their trails, the values at that moment), as the player's Measure
 * tab shows them; null when it has none.
 */
async function measurementsFrameSvg(
  deps: Dependencies,
  video: VideoRow,
  size: FrameSize,
  source: PictureSize,
  skeletonPoses: Awaited<ReturnType<typeof readStoredPoses>> | null,
) {
  const saved = await deps.db
    .select()
    .from(measurements)
    .where(eq(measurements.videoId, video.id))
    .orderBy(asc(measurements.createdAt), asc(measurements.id));
  if (saved.length === 0) return null;
  // Joint paths, angles and a point's ground on a court read the scan; a stopwatch needs none.
  const poses =
    skeletonPoses ??
    (overlaysNeedPoses(saved) ? await readStoredPoses(deps.blobs, video.id) : null);
  // A measurement saved without a factor takes the one the player shows: declared or detected.
  const analysis = toAnalysisView(await findAnalysis(deps.db, video.id), video);
  const overlays = measurementOverlays(saved, {
    poses,
    picture: source,
    slowMotionFactor: analysis?.timing?.slowMotionFactor ?? video.slowMotionFactor ?? null,
  });
  if (overlays.length === 0) return null;
  // The court rectangle they were measured on, as the player and Compare draw it.
  const planes = planeOutlinesSvg(planeOutlines(overlays), size);
  return (time: number) => planes + measurementsSvgAt(overlays, time, size);
}

/** A segment's ready video, or null when it was deleted or is no longer ready. */
async function readyVideo(db: Database, videoId: string) {
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.status, 'ready')));
  return video?.mediaKey ? { ...video, mediaKey: video.mediaKey } : null;
}

async function renderVideoExport(deps: Dependencies, exportId: string, signal: AbortSignal) {
  const { db, blobs, log } = deps;
  const [row] = await db.select().from(videoExports).where(eq(videoExports.id, exportId));
  if (!row) return; // removed before its turn came
  const sources = [];
  for (const segment of row.segments) {
    const video = await readyVideo(db, segment.videoId);
    if (!video) {
      await setExportState(deps, exportId, {
        status: 'failed',
        failureReason:
          row.segments.length > 1
            ? 'A video of the playlist was deleted or is not ready to export.'
            : 'The video is not ready to export.',
      });
      return;
    }
    sources.push({ segment, video });
  }
  await setExportState(deps, exportId, { status: 'rendering', progress: 0, failureReason: null });
  // Writes go one after another, so a late progress write can never land after "ready".
  let writes: Promise<unknown> = Promise.resolve();
  const queueState = (changes: Parameters<typeof setExportState>[2]) => {
    const write = writes.then(() => setExportState(deps, exportId, changes));
    writes = write.catch(() => undefined);
    return write;
  };
  let lastWrite = 0;
  // Each segment's share of the work is its share of the length; the last 3 % is the upload.
  const total = row.segments.reduce((sum, segment) => sum + segment.end - segment.start, 0);
  const reportProgress = (fraction: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_INTERVAL_MS) return;
    lastWrite = now;
    void queueState({ progress: Math.floor(fraction * 97) }).catch((error: unknown) =>
      log.warn({ err: error, exportId }, 'could not record export progress'),
    );
  };
  const workDir = await WorkFolders.in(deps.config.dataDir).create(`export-${exportId}`);
  try {
    const fileKey = exportFileKey(row.videoId, exportId);
    const output = path.join(workDir, 'export.mp4');
    const joined = sources.length > 1;
    // A joined export takes the first video's frame; the others fit inside it on black.
    let canvas: FrameSize | undefined;
    let done = 0;
    for (const [index, { segment, video }] of sources.entries()) {
      const part = joined ? path.join(workDir, `part-${index}.mp4`) : output;
      await blobs.withLocalCopy(video.mediaKey, async (media) => {
        const probe = await probeMedia(media, signal);
        const picture = exportSize({
          width: probe.video?.width ?? video.width ?? 1280,
          height: probe.video?.height ?? video.height ?? 720,
        });
        if (joined) canvas ??= picture;
        const size = canvas ? fitWithin(picture, canvas) : picture;
        const source = {
          width: probe.video?.width ?? video.width ?? picture.width,
          height: probe.video?.height ?? video.height ?? picture.height,
        };
        const overlays = await collectOverlays(deps, row.overlays, segment, video, size, source);
        const voiceNotes: { path: string; at: number }[] = [];
        for (const [noteIndex, note] of overlays.voiceNotes.entries()) {
          if (!(await blobs.stat(note.key))) continue; // its note was deleted meanwhile
          const file = path.join(workDir, `voice-${index}-${noteIndex}${path.extname(note.key)}`);
          await blobs.withLocalCopy(note.key, (local) => copyFile(local, file));
          voiceNotes.push({ path: file, at: note.at });
        }
        const length = segment.end - segment.start;
        await renderExport({
          input: media,
          output: part,
          start: segment.start,
          end: segment.end,
          size,
          canvas,
          stills: overlays.stills,
          poses: overlays.poses,
          frameSvg: overlays.frameSvg,
          voiceNotes,
          sourceHasAudio: probe.audio !== null,
          signal,
          onProgress: (fraction) => reportProgress((done + fraction * length) / total),
        });
        done += length;
      });
    }
    if (joined) {
      await joinExportParts(
        sources.map((_, index) => path.join(workDir, `part-${index}.mp4`)),
        output,
        { signal },
      );
    }
    await blobs.write(fileKey, createReadStream(output), { contentType: 'video/mp4' });
    const bytes = (await stat(output)).size;
    const finished = await queueState({ status: 'ready', progress: 100, fileKey, fileSize: bytes });
    // Removed while we worked: nothing points at the file, so remove it.
    if (!finished) await blobs.delete(fileKey);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
