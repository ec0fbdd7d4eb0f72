import { cutClip } from '@filmroom/media';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { ClipRow, VideoRow } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { videoKeys, type BlobStore, type WorkFolders } from '../../storage';
import { estimatedRangeBytes, quotaProblem, storageUsedBy } from '../videos';
import { SharedWorkQueue } from './shared-work';

export type ClipCutSettings = {
  /** Cuts one process encodes at once; the rest wait their turn. */
  concurrency: number;
  /** How long a request waits for its cut before it is told to come back (503, Retry-After). */
  waitMs: number;
  /** Each user's storage quota in bytes (a cut counts to its clip's owner); undefined: none. */
  quotaBytes: number | undefined;
};

// A request told to come back keeps its place this long, so its cut goes on for the retry.
const RETRY_SECONDS = 5;
const KEPT_FOR_RETRY_MS = 4 * RETRY_SECONDS * 1000;

/**
 * Clip MP4s, cut on the first play and kept in the blob store under the video's prefix (where
 * the inventory, the doctor and the sweeps know them). Cuts are encodes, so they are never made
 * inside a request's own time: they queue, a few run at once, everyone asking for the same
 * range waits on one run, and a cut nobody waits for any more is stopped (ffmpeg killed).
 */
export class ClipMedia {
  private readonly queue: SharedWorkQueue;

  constructor(
    private readonly pool: pg.Pool,
    private readonly blobs: BlobStore,
    private readonly workFolders: WorkFolders,
    private readonly settings: ClipCutSettings,
  ) {
    this.queue = new SharedWorkQueue(settings.concurrency);
  }

  /** Cuts running and waiting in this process. */
  get load() {
    return this.queue.load;
  }

  /**
   * The blob key of the clip's MP4, waiting (bounded) for its cut if it is not there yet.
   * `leave` aborts when the asker is gone; once nobody is left waiting, the cut stops.
   */
  async ensure(clip: ClipRow, video: VideoRow, leave: AbortSignal): Promise<string> {
    const key = videoKeys.clipCut(clip);
    if (await this.blobs.stat(key)) return key;
    const waiter = new AbortController();
    const forward = () => waiter.abort(leave.reason);
    leave.addEventListener('abort', forward, { once: true });
    const cut = this.queue.wait(key, (signal) => this.cut(clip, video, key, signal), waiter.signal);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed out'>((resolve) => {
      timer = setTimeout(() => resolve('timed out'), this.settings.waitMs);
    });
    try {
      if ((await Promise.race([cut.then(() => 'cut' as const), timedOut])) === 'cut') return key;
    } finally {
      clearTimeout(timer);
    }
    cut.catch(() => {});
    leave.removeEventListener('abort', forward);
    setTimeout(() => waiter.abort(), KEPT_FOR_RETRY_MS).unref();
    throw new HttpError(503, `The clip is still being cut: try again in ${RETRY_SECONDS} seconds`, {
      'retry-after': String(RETRY_SECONDS),
    });
  }

  /** Removes the clip's cuts (its range changed, or it is deleted): they count no more. */
  async forget(clip: Pick<ClipRow, 'id' | 'videoId'>): Promise<void> {
    await this.blobs.deletePrefix(videoKeys.clipCuts(clip.videoId, clip.id));
    await this.pool.query('UPDATE clips SET cut_bytes = NULL WHERE id = $1', [clip.id]);
  }

  private async cut(clip: ClipRow, video: VideoRow, key: string, signal: AbortSignal) {
    if (!video.mediaKey) throw new Error(`video ${video.id} has no prepared media`);
    // Checked when the cut's turn comes: cuts run a few at a time, so checks and the sizes
    // written after them do not interleave much (by the estimate of one cut at most).
    await this.requireRoom(clip, video);
    await this.workFolders.use('clip', async (folder) => {
      const output = path.join(folder, 'clip.mp4');
      await this.blobs.withLocalCopy(video.mediaKey!, (input) =>
        cutClip(input, output, { start: clip.startTime, end: clip.endTime }, { signal }),
      );
      signal.throwIfAborted();
      const { size } = await stat(output);
      await this.blobs.write(key, createReadStream(output), { contentType: 'video/mp4' });
      // Counted to the clip's owner (who made the clip, not who owns the video), for this range.
      await this.pool.query(
        'UPDATE clips SET cut_bytes = $2 WHERE id = $1 AND start_time = $3 AND end_time = $4',
        [clip.id, size, clip.startTime, clip.endTime],
      );
    });
  }

  /** Refuses (413) a cut that would take the clip's owner past their quota. */
  private async requireRoom(clip: ClipRow, video: VideoRow) {
    if (this.settings.quotaBytes === undefined) return;
    const problem = quotaProblem(
      estimatedRangeBytes(video, clip.endTime - clip.startTime),
      await storageUsedBy(this.pool, clip.ownerId),
      this.settings.quotaBytes,
      {
        what: 'Cutting this clip',
        whose: 'its owner',
        advice: 'Its owner can delete videos, exports or clips they no longer need.',
      },
    );
    if (problem) throw new HttpError(413, problem);
  }
}
