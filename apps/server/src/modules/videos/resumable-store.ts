import { FileStore } from '@tus/file-store';
import { ERRORS, type DataStore } from '@tus/server';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import type { BlobStore } from '../../storage';
import { LocalBlobStore } from '../../storage/local-blob-store';

/**
 * Where resumable uploads collect their bytes, and how a finished one becomes a blob at a key
 * the upload can be committed from (commitStagedFile), without copying gigabytes again.
 */
export type ResumableStore = {
  datastore: DataStore;
  /** The finished upload's bytes, placed in the blob store; returns their key. */
  stage(id: string): Promise<string>;
  /** Drops the store's record of a finished upload whose bytes were staged. */
  forget(id: string): Promise<void>;
};

/**
 * On local disk the tus FileStore keeps uploads under DATA_DIR, beside the blobs (one rename
 * away) but outside the folders the orphan sweep looks at: a paused upload is not an orphan.
 * On S3 the tus S3Store writes parts to the same bucket, and the finished object is a blob.
 */
export async function createResumableStore(
  config: Config,
  blobs: BlobStore,
): Promise<ResumableStore> {
  const expirationPeriodInMilliseconds = config.resumableUploads.expiryMs;
  if (config.s3) {
    const { createS3ResumableStore } = await import('./resumable-s3-store');
    return createS3ResumableStore(config.s3, expirationPeriodInMilliseconds, blobs);
  }
  if (!(blobs instanceof LocalBlobStore)) throw new Error('Local uploads need local blobs');
  const directory = resumableUploadsFolder(config);
  // FileStore makes its folder without waiting for it: a sweep on a fresh DATA_DIR, at once
  // after start-up, would list a folder that is not there yet (and the server would stop).
  await mkdir(directory, { recursive: true });
  const datastore = new BufferedFileStore({ directory, expirationPeriodInMilliseconds });
  return {
    datastore,
    stage: async (id) => {
      const key = `incoming/${id}`;
      await blobs.adopt(key, path.join(directory, id));
      return key;
    },
    forget: (id) => datastore.configstore.delete(id),
  };
}

/** Where resumable uploads collect on local disk. */
export const resumableUploadsFolder = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, 'resumable-uploads');

// As the blob store's own writes (local-blob-store.ts): room for a few network chunks while one
// write is on disk.
const WRITE_BUFFER = 1024 * 1024;

/**
 * The tus FileStore, writing through a buffer of WRITE_BUFFER. FileStore's write stream has
 * Node's default of 16 KiB, so each 64 KiB network chunk waited for its own disk write before
 * the next was read. The library has no option for it, so write() is FileStore's own with that
 * one change.
 */
class BufferedFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const file = createWriteStream(path.join(this.directory, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER,
    });
    try {
      await pipeline(readable, file);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + file.bytesWritten;
  }
}

/**
 * Removes resumable uploads left unfinished past their time (UPLOAD_RESUME_HOURS),
 * with what they stored. Returns how many.
 */
export async function sweepAbandonedUploads(config: Config, blobs: BlobStore): Promise<number> {
  const { datastore } = await createResumableStore(config, blobs);
  return datastore.deleteExpired();
}

/** Removes the bytes of the resumable uploads named (an account's, when it is deleted). */
export async function removeResumableUploads(
  config: Config,
  blobs: BlobStore,
  ids: string[],
): Promise<void> {
  if (ids.length === 0) return;
  const { datastore } = await createResumableStore(config, blobs);
  for (const id of ids) await datastore.remove(id).catch(() => undefined);
}
