import path from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

export type { BlobStore } from './blob-store';

/** S3-compatible storage when S3_BUCKET is set; otherwise files under DATA_DIR/blobs. */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.s3) return new S3BlobStore(config.s3);
  const store = new LocalBlobStore(path.join(config.dataDir, 'blobs'));
  await store.sweepPartialWrites();
  return store;
}
