import { cutClip } from '@filmroom/media';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { ClipRow, VideoRow } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import type { BlobStore, WorkFolders } from '../../storage';
import { videoKeys } from '../videos';
import { SharedWorkQueue } from './shared-work';

export type ClipCutSettings = {
  /** Cuts one process encodes at once; the rest wait their turn. */
  concurrency: number;
  /** How long a request waits for its cut before it is told to come back (503, Retry-After). */
  waitMs: number;
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

  async forget(clip: Pick<ClipRow, 'id' | 'videoId'>): Promise<void> {
    await this.blobs.deletePrefix(videoKeys.clipCuts(clip.videoId, clip.id));
  }

  private async cut(clip: ClipRow, video: VideoRow, key: string, signal: AbortSignal) {
    if (!video.mediaKey) throw new Error(`video ${video.id} has no prepared media`);
    await this.workFolders.use('clip', async (folder) => {
      const output = path.join(folder, 'clip.mp4');
      await this.blobs.withLocalCopy(video.mediaKey!, (input) =>
        cutClip(input, output, { start: clip.startTime, end: clip.endTime }, { signal }),
      );
      signal.throwIfAborted();
      await this.blobs.write(key, createReadStream(output), { contentType: 'video/mp4' });
    });
  }
}
