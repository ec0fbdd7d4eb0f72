import { cutClip } from '@filmroom/media';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { ClipRow, VideoRow } from '../../db/schema';
import type { BlobStore, WorkFolders } from '../../storage';
import { videoKeys } from '../videos';

/**
 * Clip MP4s, cut on the first request and kept in the blob store. Cuts asked for at once share
 * one ffmpeg run: a playlist opened by several people must not start the same encode twice.
 */
export class ClipMedia {
  private readonly cutting = new Map<string, Promise<void>>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly workFolders: WorkFolders,
  ) {}

  /** The blob key of the clip's MP4, cutting it first if it is not there yet. */
  async ensure(clip: ClipRow, video: VideoRow): Promise<string> {
    const key = videoKeys.clipCut(clip);
    if (await this.blobs.stat(key)) return key;
    let pending = this.cutting.get(key);
    if (!pending) {
      pending = this.cut(clip, video, key).finally(() => this.cutting.delete(key));
      this.cutting.set(key, pending);
    }
    await pending;
    return key;
  }

  async forget(clip: Pick<ClipRow, 'id' | 'videoId'>): Promise<void> {
    await this.blobs.deletePrefix(videoKeys.clipCuts(clip.videoId, clip.id));
  }

  private async cut(clip: ClipRow, video: VideoRow, key: string): Promise<void> {
    if (!video.mediaKey) throw new Error(`video ${video.id} has no prepared media`);
    await this.workFolders.use('clip', async (folder) => {
      const output = path.join(folder, 'clip.mp4');
      await this.blobs.withLocalCopy(video.mediaKey!, (input) =>
        cutClip(input, output, { start: clip.startTime, end: clip.endTime }),
      );
      await this.blobs.write(key, createReadStream(output), { contentType: 'video/mp4' });
    });
  }
}
