// The blob store (local disk or an S3 bucket) and the layout of the keys in it: below every
// module, so a feature, the maintenance sweeps and the /uploads routes all name a video's files
// the same way without depending on the videos feature.
import path from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { WorkFolders } from './work-folders';

export { attachment, type BlobStore } from './blob-store';
export { WorkFolders } from './work-folders';
export {
  SERVABLE_ANNOTATION_AUDIO_KEY,
  SERVABLE_KEY,
  SERVABLE_STREAM_KEY,
  uploadsUrl,
  videoKeys,
} from './video-keys';
export { UUID } from './uuid';

/**
 * S3-compatible storage when S3_BUCKET is set; otherwise files under DATA_DIR/blobs. The AWS SDK
 * is loaded only when a bucket is used: it is about 30 MiB of a server's memory.
 */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.s3) {
    const { S3BlobStore } = await import('./s3-blob-store');
    return new S3BlobStore(config.s3, WorkFolders.in(config.dataDir));
  }
  return new LocalBlobStore(path.join(config.dataDir, 'blobs'));
}

/**
 * Removes writes a crash interrupted. `exclusive`: no other process uses these files, so every
 * unfinished write is a dead one; otherwise only those idle for an hour. (On S3 the bucket's
 * lifecycle rule for incomplete multipart uploads does this.)
 */
export async function sweepPartialWrites(blobs: BlobStore, options: { exclusive: boolean }) {
  if (blobs instanceof LocalBlobStore) {
    await blobs.sweepPartialWrites(options.exclusive ? 0 : undefined);
  }
}
