import {
  displaySize,
  makeStill,
  makeWebVideo,
  planWebVideo,
  probeMedia,
  UnreadableMediaError,
} from '@filmroom/media';
import { and, eq, isNull, or } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../../config';
import type { Log } from '../../lib/logger';
import type { Database } from '../../db/connection';
import { videos, type VideoRow } from '../../db/schema';
import type { JobDefinition, JobQueue } from '../../jobs/queue';
import { videoKeys, WorkFolders, type BlobStore } from '../../storage';
import { VideoEvents } from '../events';
import { prepareStreaming, type StreamingKeys } from './prepare-streaming';
import { copyPreparationOfSameSource, preparationSourceOf } from './prepared-source';

type Dependencies = {
  db: Database;
  pool: pg.Pool;
  blobs: BlobStore;
  log: Log;
  queue: JobQueue;
  config: Pick<Config, 'maxVideoSeconds' | 'autoAnalysisMaxSeconds' | 'jobConcurrency' | 'dataDir'>;
};

// Progress is written and pushed at most this often: enough for a smooth bar, light on the database.
const PROGRESS_INTERVAL_MS = 1_000;

/** A problem with the file itself: the video fails with this reason and the job is not retried. */
class MediaRejected extends Error {}

/**
 * media.prepare: turns an upload into a video every browser can play (H.264/AAC MP4 with
 * faststart), with a poster and a card thumbnail. Re-running it from the start is always safe.
 */
export function prepareVideoJob(deps: Dependencies): JobDefinition<'media.prepare'> {
  return {
    name: 'media.prepare',
    expireInSeconds: 60 * 60,
    retryLimit: 3,
    concurrency: deps.config.jobConcurrency,
    handle: ({ videoId }, signal) => prepareVideo(deps, videoId, signal),
    onGiveUp: async ({ videoId }) => {
      await markFailed(
        deps,
        videoId,
        'The video could not be prepared. Please try uploading it again.',
      );
    },
  };
}

/** Stores a change to the video's preparation state and tells its open pages. */
async function updateVideoState(
  { db, pool }: Dependencies,
  videoId: string,
  changes: Partial<VideoRow>,
) {
  const [row] = await db
    .update(videos)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(videos.id, videoId))
    .returning();
  if (row) {
    await VideoEvents.publish(pool, {
      id: row.id,
      status: row.status,
      progress: row.progress,
      failureReason: row.failureReason,
    });
  }
  return row;
}

/** What the uploader reads on a video longer than the server takes. */
function tooLong(seconds: number, maxSeconds: number): string {
  const minutes = (value: number) => `${Number((value / 60).toFixed(1))} minutes`;
  return (
    `The video runs ${minutes(seconds)}; this server takes videos of up to ${minutes(maxSeconds)}. ` +
    'Trim it or split it into parts, and upload it again.'
  );
}

const markFailed = (deps: Dependencies, videoId: string, reason: string) =>
  updateVideoState(deps, videoId, { status: 'failed', progress: 0, failureReason: reason });

/**
 * Stores the slow-motion factor the file states, before the video is ready so the analysis reads
 * it. A factor an editor set (`coach`) wins: it is never overwritten, even when they set it while
 * this job was running, so the condition is in the UPDATE itself.
 */
async function keepContainerSlowMotion({ db }: Dependencies, videoId: string, factor: number) {
  await db
    .update(videos)
    .set({ slowMotionFactor: factor, slowMotionSource: 'container', updatedAt: new Date() })
    .where(
      and(
        eq(videos.id, videoId),
        or(isNull(videos.slowMotionSource), eq(videos.slowMotionSource, 'container')),
      ),
    );
}

/**
 * The HLS ladder and storyboard, or null when they cannot be made: the MP4 alone still plays
 * everywhere (as videos prepared before streaming do), so this never fails the video.
 */
async function streamingOf(
  { db, blobs, log }: Dependencies,
  videoId: string,
  options: Omit<Parameters<typeof prepareStreaming>[2], 'duration'> & { duration: number | null },
): Promise<StreamingKeys | null> {
  if (!options.duration) return null;
  // Deleted while the MP4 was made: the ladder would cost minutes for nobody.
  const [still] = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId));
  if (!still) return null;
  try {
    return await prepareStreaming(blobs, videoId, { ...options, duration: options.duration });
  } catch (error) {
    if (options.signal.aborted) throw error;
    log.warn({ err: error, videoId }, 'no streaming ladder: the video plays from its MP4');
    return null;
  }
}

export async function prepareVideo(deps: Dependencies, videoId: string, signal: AbortSignal) {
  const { db, blobs, log } = deps;
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!video) return; // deleted before its turn came
  // Writes go one after another, so a late progress write can never land after "ready".
  let writes: Promise<unknown> = Promise.resolve();
  const setState = (changes: Partial<VideoRow>) => {
    const write = writes.then(() => updateVideoState(deps, videoId, changes));
    writes = write.catch(() => undefined);
    return write;
  };

  await setState({ status: 'processing', progress: 0, failureReason: null });
  // Under DATA_DIR: a crash leaves it where the next start and the doctor find it.
  const workDir = await WorkFolders.in(deps.config.dataDir).create(`prepare-${videoId}`);
  try {
    const result = await blobs.withLocalCopy(video.originalKey, async (original) => {
      const probe = await probeMedia(original, signal).catch((error: unknown) => {
        if (error instanceof UnreadableMediaError) throw new MediaRejected(error.message);
        throw error;
      });
      if (!probe.video) throw new MediaRejected('The file has no video track.');
      const { maxVideoSeconds } = deps.config;
      if (probe.duration !== null && probe.duration > maxVideoSeconds) {
        throw new MediaRejected(tooLong(probe.duration, maxVideoSeconds));
      }

      const source = await preparationSourceOf(original, maxVideoSeconds);
      const copied = await copyPreparationOfSameSource(deps, source, videoId, signal);
      if (copied) return { ...copied, slowMotion: probe.slowMotion, source };

      const plan = planWebVideo(probe);
      log.info({ videoId, plan }, 'preparing video');
      const media = path.join(workDir, 'media.mp4');
      let lastWrite = 0;
      // The MP4 then the streaming ladder; the last 5 % is the stills and the upload to storage.
      const MP4_SHARE = plan.kind === 'remux' ? 0.05 : 0.45;
      const reportProgress = (fraction: number) => {
        const now = Date.now();
        if (now - lastWrite < PROGRESS_INTERVAL_MS) return;
        lastWrite = now;
        void setState({ progress: Math.floor(fraction * 95) }).catch((error: unknown) =>
          log.warn({ err: error, videoId }, 'could not record progress'),
        );
      };
      await makeWebVideo(original, media, plan, {
        duration: probe.duration,
        // A file that does not say its length, or says less than it holds, is cut one second
        // past the limit, and refused below: its cost is bounded either way.
        maxSeconds: maxVideoSeconds + 1,
        signal,
        onProgress: (fraction) => {
          reportProgress(fraction * MP4_SHARE);
        },
      }).catch((error: unknown) => {
        if (signal.aborted) throw error;
        throw new MediaRejected(
          'The video could not be converted for playback: the file may be damaged.',
        );
      });

      const prepared = await probeMedia(media, signal);
      const duration = prepared.duration ?? probe.duration;
      if (duration !== null && duration > maxVideoSeconds) {
        throw new MediaRejected(tooLong(duration, maxVideoSeconds));
      }
      const stillAt = duration ? Math.min(1, duration / 3) : 0;
      const poster = path.join(workDir, 'poster.jpg');
      const thumbnail = path.join(workDir, 'thumbnail.jpg');
      await makeStill(media, poster, { atSeconds: stillAt, longSide: 1280, signal });
      await makeStill(media, thumbnail, { atSeconds: stillAt, longSide: 480, signal });

      await blobs.write(videoKeys.media(videoId), createReadStream(media), {
        contentType: 'video/mp4',
      });
      await blobs.write(videoKeys.poster(videoId), createReadStream(poster), {
        contentType: 'image/jpeg',
      });
      await blobs.write(videoKeys.thumbnail(videoId), createReadStream(thumbnail), {
        contentType: 'image/jpeg',
      });
      const size = displaySize(prepared.video ?? probe.video);
      const streaming = await streamingOf(deps, videoId, {
        media,
        workDir,
        size,
        duration,
        hasAudio: prepared.audio !== null,
        signal,
        onProgress: (fraction) => reportProgress(MP4_SHARE + fraction * (1 - MP4_SHARE)),
      });
      return {
        duration,
        size,
        streaming,
        slowMotion: probe.slowMotion,
        source,
      };
    });

    if (result.slowMotion) {
      log.info({ videoId, slowMotion: result.slowMotion }, 'the file says it is slow motion');
      await keepContainerSlowMotion(deps, videoId, result.slowMotion.factor);
    }

    const row = await setState({
      status: 'ready',
      progress: 100,
      mediaKey: videoKeys.media(videoId),
      posterKey: videoKeys.poster(videoId),
      thumbnailKey: videoKeys.thumbnail(videoId),
      streamKey: result.streaming?.streamKey ?? null,
      storyboardKey: result.streaming?.storyboardKey ?? null,
      duration: result.duration,
      width: result.size.width,
      height: result.size.height,
      preparedFrom: result.source,
    });
    // Deleted while we worked: nothing points at the new files, so remove them.
    if (!row) await blobs.deletePrefix(videoKeys.prefix(videoId));
    // A long video (a whole game) is analysed only in the ranges a coach picks.
    else if (result.duration === null || result.duration <= deps.config.autoAnalysisMaxSeconds) {
      await deps.queue.send('vision.scan', { videoId });
    }
  } catch (error) {
    if (error instanceof MediaRejected) {
      log.warn({ videoId, reason: error.message }, 'video rejected');
      await markFailed(deps, videoId, error.message);
      return;
    }
    throw error; // ours, not the file's: the queue retries
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
