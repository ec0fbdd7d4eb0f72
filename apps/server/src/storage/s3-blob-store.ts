import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  attachment,
  assertValidPrefix,
  type BlobInfo,
  type BlobLocation,
  type BlobStore,
  type PartialWrite,
} from './blob-store';
import type { S3Settings } from '../config';
import { WorkFolders } from './work-folders';

// 8 MiB parts, two in flight: an upload costs at most ~16 MiB of memory, whatever its size.
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** How a blob is copied within the bucket (a move): in one request, or in parts. */
type CopyLimits = {
  /** The largest object one CopyObject may copy: 5 GiB on AWS. */
  singleCopyMaxBytes: number;
  /** Each UploadPartCopy's range above that (5 MiB to 5 GiB on AWS, at most 10,000 parts). */
  partBytes: number;
};
const COPY_LIMITS: CopyLimits = { singleCopyMaxBytes: 5 * 1024 ** 3, partBytes: 512 * 1024 ** 2 };
// Server-side copies: parallel parts cost the server's time, not ours.
const PARTS_COPIED_AT_ONCE = 4;
const MAX_PARTS = 10_000;

/** Blobs in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Garage, ...). */
/** How every S3 client of FilmRoom's connects (the blob store's, the resumable uploads'). */
export function s3ClientConfig(settings: S3Settings) {
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default checksums corrupt streamed uploads on several S3 look-alikes.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    /** Where ffmpeg's local copies of blobs go; the system's temporary folder if not given. */
    private readonly workFolders = new WorkFolders(tmpdir()),
    private readonly copyLimits = COPY_LIMITS,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client(s3ClientConfig(settings));
  }

  async write(
    key: string,
    body: Readable,
    options: { contentType?: string } = {},
  ): Promise<{ bytes: number }> {
    assertValidKey(key);
    let bytes = 0;
    const counted = new PassThrough();
    counted.on('data', (chunk: Buffer) => (bytes += chunk.length));
    body.on('error', (error) => counted.destroy(error));
    body.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    // The object becomes visible only when the (multipart) upload completes: whole or nothing.
    await upload.done();
    return { bytes };
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertValidKey(key);
    const response = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return response.Body as Readable;
  }

  async stat(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { bytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    assertValidKey(fromKey);
    assertValidKey(toKey);
    const source = await this.client.send(
      new HeadObjectCommand({ Bucket: this.bucket, Key: fromKey }),
    );
    const bytes = source.ContentLength ?? 0;
    if (bytes <= this.copyLimits.singleCopyMaxBytes) {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          CopySource: `${this.bucket}/${fromKey}`,
          Key: toKey,
        }),
      );
    } else {
      await this.copyInParts(fromKey, toKey, bytes, source.ContentType);
    }
    await this.delete(fromKey);
  }

  /**
   * S3 refuses to copy more than 5 GiB in one request (a full game's film is more): the copy
   * is a multipart upload whose parts are ranges of the source, copied by the server itself.
   * The new object appears whole at the end, or not at all.
   */
  private async copyInParts(
    fromKey: string,
    toKey: string,
    bytes: number,
    contentType: string | undefined,
  ) {
    const partBytes = Math.max(this.copyLimits.partBytes, Math.ceil(bytes / MAX_PARTS));
    const ranges = Array.from({ length: Math.ceil(bytes / partBytes) }, (_, index) => ({
      number: index + 1,
      start: index * partBytes,
      end: Math.min(bytes, (index + 1) * partBytes) - 1,
    }));
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: toKey,
        ContentType: contentType,
      }),
    );
    try {
      const etags: string[] = [];
      let next = 0;
      const copyNext = async (): Promise<void> => {
        const range = ranges[next++];
        if (!range) return;
        const { CopyPartResult } = await this.client.send(
          new UploadPartCopyCommand({
            Bucket: this.bucket,
            Key: toKey,
            UploadId,
            PartNumber: range.number,
            CopySource: `${this.bucket}/${fromKey}`,
            CopySourceRange: `bytes=${range.start}-${range.end}`,
          }),
        );
        etags[range.number - 1] = CopyPartResult!.ETag!;
        return copyNext();
      };
      await Promise.all(Array.from({ length: PARTS_COPIED_AT_ONCE }, copyNext));
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: toKey,
          UploadId,
          MultipartUpload: {
            Parts: etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })),
          },
        }),
      );
    } catch (error) {
      // The parts copied so far would be billed until the bucket's lifecycle rule removed them.
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: toKey, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    // DeleteObjects takes at most 1000 keys a call.
    for (let start = 0; start < keys.length; start += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(start, start + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /**
   * Multipart uploads begun and never completed or aborted: a process died mid-write. The
   * bucket's lifecycle rule (AbortIncompleteMultipartUpload) is what removes them.
   */
  async listPartialWrites(): Promise<PartialWrite[] | 'unlisted'> {
    const writes: PartialWrite[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          writes.push({ name: `${upload.Key} (multipart upload)`, modifiedAt: upload.Initiated! });
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
    } catch (error) {
      // Some S3-compatible stores (s3rver among them) cannot list these: say so, not "none".
      if (isUnsupportedCall(error)) return 'unlisted';
      throw error;
    }
    return writes;
  }

  async locate(
    key: string,
    options: { expiresInSeconds: number; downloadName?: string },
  ): Promise<BlobLocation> {
    assertValidKey(key);
    const disposition = options.downloadName ? attachment(options.downloadName) : undefined;
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: disposition,
      }),
      { expiresIn: options.expiresInSeconds },
    );
    return { kind: 'url', url };
  }

  async withLocalCopy<T>(key: string, work: (path: string) => Promise<T>): Promise<T> {
    return this.workFolders.use('blob', async (folder) => {
      const file = path.join(folder, `${randomUUID()}${path.extname(key)}`);
      await pipeline(await this.read(key), createWriteStream(file));
      return work(file);
    });
  }
}

/**
 * The store answered with S3's own "NotImplemented" error code (HTTP 501): an S3-compatible
 * store without that call (some of them lack the multipart listing calls), not a failure.
 */
export function isUnsupportedCall(error: unknown): boolean {
  return error instanceof S3ServiceException && error.name === 'NotImplemented';
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 ||
      error.name === 'NotFound' ||
      error.name === 'NoSuchKey')
  );
}
