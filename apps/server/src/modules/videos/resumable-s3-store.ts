import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { BlobStore } from '../../storage';
import type { S3Settings } from '../../config';
import { isUnsupportedCall, s3ClientConfig } from '../../storage/s3-blob-store';

/**
 * The tus S3 store, reading an upload's record from the bucket on every request. Its default
 * in-memory copy outlives the upload when another process removes it (a second API process, or
 * the sweep, which runs a store of its own): the store then takes the missing multipart upload
 * for a finished one, and a swept upload reads as complete.
 */
const noCache = {
  get: async (): Promise<MetadataValue | undefined> => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/**
 * Cancelling also removes the short last piece the store keeps aside (<id>.part): S3Store's own
 * remove leaves it in the bucket for good.
 */
class S3UploadStore extends S3Store {
  constructor(
    options: ConstructorParameters<typeof S3Store>[0],
    private readonly blobs: BlobStore,
  ) {
    super(options);
  }

  override async remove(id: string) {
    await this.blobs.delete(`${id}.part`);
    await super.remove(id);
  }

  /**
   * Some S3-compatible stores cannot list multipart uploads: there the bucket's lifecycle rule
   * (AbortIncompleteMultipartUpload) is what removes abandoned ones. Failing instead would stop
   * the server at its first sweep, and every later sweep before the orphaned files.
   */
  override async deleteExpired() {
    try {
      return await super.deleteExpired();
    } catch (error) {
      if (isUnsupportedCall(error)) return 0;
      throw error;
    }
  }
}

/** Uploads in the blob store's bucket: the finished object is a blob named by the upload's id. */
export function createS3ResumableStore(
  settings: S3Settings,
  expirationPeriodInMilliseconds: number,
  blobs: BlobStore,
) {
  const datastore = new S3UploadStore(
    {
      expirationPeriodInMilliseconds,
      // The sweep finds abandoned uploads by listing the bucket's unfinished multipart uploads;
      // object tags would serve only lifecycle rules, and not every S3-compatible server has them.
      useTags: false,
      cache: noCache,
      s3ClientConfig: { ...s3ClientConfig(settings), bucket: settings.bucket },
    },
    blobs,
  );
  return {
    datastore,
    stage: async (id: string) => id,
    // The S3Store keeps an upload's record beside its object.
    forget: (id: string) => blobs.delete(`${id}.info`),
  };
}
