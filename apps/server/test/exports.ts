import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Database } from '../src/db/connection';
import { videoExports } from '../src/db/schema';
import { exportFileKey } from '../src/modules/video-exports/export-keys';
import type { BlobStore } from '../src/storage';
import { MP4_HEADER } from './videos';

/**
 * A finished export of a video, as if rendered, without running ffmpeg: for tests of who may
 * see, download and remove it. `expiresAt` defaults to a week ahead.
 */
export async function insertReadyExport(
  deps: { db: Database; blobs: BlobStore },
  videoId: string,
  ownerId: string,
  options: { expiresAt?: Date } = {},
): Promise<string> {
  const [row] = await deps.db
    .insert(videoExports)
    .values({
      videoId,
      ownerId,
      startSeconds: 0,
      endSeconds: 2,
      overlays: ['drawings'],
      status: 'ready',
      progress: 100,
      expiresAt: options.expiresAt ?? new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    })
    .returning();
  const key = exportFileKey(videoId, row!.id);
  await deps.blobs.write(key, Readable.from([MP4_HEADER]), { contentType: 'video/mp4' });
  await deps.db
    .update(videoExports)
    .set({ fileKey: key, fileSize: MP4_HEADER.length })
    .where(eq(videoExports.id, row!.id));
  return row!.id;
}
