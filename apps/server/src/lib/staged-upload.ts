import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { BlobStore } from '../storage';
import { inTransaction } from '../db/transaction';
import { receiveSniffedUpload, type SniffedUploadRules, type StoredUpload } from './sniffed-upload';

/** A file received in full and kept at a temporary key until its row commits. */
export type StagedFile = StoredUpload & { stagingKey: string };

export type StagedUpload = {
  fields: Record<string, string>;
  /** Undefined when the form had no such file; `empty` when it had 0 bytes. */
  file: StagedFile | 'empty' | undefined;
};

/**
 * How every upload is taken (videos, voice notes): the file streams into the BlobStore at
 * `stagingKey`, judged by its bytes and held to the size limit (receiveSniffedUpload), then
 * `commit` makes it permanent, usually with commitStagedFile. If receiving fails, or `commit`
 * throws, nothing is left at `stagingKey`.
 */
export async function receiveStagedUpload<T>(
  request: FastifyRequest,
  blobs: BlobStore,
  stagingKey: string,
  rules: SniffedUploadRules,
  commit: (upload: StagedUpload) => Promise<T>,
): Promise<T> {
  const { fields, file } = await receiveSniffedUpload(request, stagingKey, blobs, rules);
  try {
    return await commit({
      fields,
      file: file === undefined || file === 'empty' ? file : { ...file, stagingKey },
    });
  } catch (error) {
    await blobs.delete(stagingKey).catch(() => undefined);
    throw error;
  }
}

/**
 * Commits a staged file together with its row: `insert` runs in a transaction, the file moves
 * to `finalKey`, and only then does the transaction commit. If any step fails neither remains:
 * the transaction rolls back and the file is removed from both keys.
 */
export async function commitStagedFile<T>(
  pool: pg.Pool,
  blobs: BlobStore,
  file: { stagingKey: string; finalKey: string },
  insert: (transaction: pg.PoolClient) => Promise<T>,
): Promise<T> {
  try {
    return await inTransaction(pool, async (client) => {
      const row = await insert(client);
      await blobs.move(file.stagingKey, file.finalKey);
      return row;
    });
  } catch (error) {
    await blobs.delete(file.stagingKey).catch(() => undefined);
    await blobs.delete(file.finalKey).catch(() => undefined);
    throw error;
  }
}
