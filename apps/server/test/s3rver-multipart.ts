import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type S3rver from 's3rver';
import authentication from 's3rver/lib/middleware/authentication';
import S3Error from 's3rver/lib/models/error';

/**
 * The multipart calls s3rver lacks, answered inside it: ListParts, ListMultipartUploads,
 * AbortMultipartUpload and UploadPartCopy (https://docs.aws.amazon.com/AmazonS3/latest/API/).
 * The tus S3 store lists an upload's parts on every request, aborts on cancel and lists
 * uploads to sweep; moving a blob over 5 GB copies it in parts. They run after s3rver's own
 * request signing check, on the upload folders its CreateMultipartUpload and UploadPart write
 * (`<bucket>/._S3rver_uploads/<uploadId>/{key,<part>,<part>.md5}`), and answer in S3's XML.
 */
export function addMultipartCalls(server: S3rver) {
  const signed = authentication();
  const call = async (context: S3Context, next: () => Promise<void>) => {
    const [, bucket = '', ...rest] = context.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const { method, query } = context;
    const handler =
      method === 'GET' && !key && 'uploads' in query
        ? listMultipartUploads
        : method === 'GET' && key && 'uploadId' in query
          ? listParts
          : method === 'DELETE' && key && 'uploadId' in query
            ? abortMultipartUpload
            : method === 'PUT' && key && 'uploadId' in query && context.get('x-amz-copy-source')
              ? uploadPartCopy
              : null;
    if (!handler) return next();
    context.params = { bucket, key };
    await signed(context, async () => {
      if (!(await context.store.getBucket(bucket))) {
        throw new S3Error('NoSuchBucket', 'The specified bucket does not exist', {
          BucketName: bucket,
        });
      }
      await handler(context, bucket, key);
    });
  };
  // Before s3rver's router (the last middleware), which refuses these calls.
  server.middleware.splice(server.middleware.length - 1, 0, call);
}

type S3Context = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  params: Record<string, string>;
  status: number;
  body: unknown;
  get(header: string): string;
  store: S3rver['store'];
};

const uploadsFolder = (context: S3Context, bucket: string) =>
  context.store.getResourcePath(bucket, undefined, 'uploads');

/** The folder of an upload begun on this key, or NoSuchUpload as S3 answers. */
async function uploadFolder(context: S3Context, bucket: string, key: string) {
  const uploadId = String(context.query.uploadId);
  const folder = path.join(uploadsFolder(context, bucket), path.basename(uploadId));
  const begunOn = await readFile(path.join(folder, 'key'), 'utf8').catch(() => null);
  if (begunOn !== key) {
    throw new S3Error(
      'NoSuchUpload',
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      { UploadId: uploadId },
    );
  }
  return { uploadId, folder };
}

async function listParts(context: S3Context, bucket: string, key: string) {
  const { uploadId, folder } = await uploadFolder(context, bucket, key);
  const names = await readdir(folder);
  // A part is there once its checksum is written: UploadPart writes it last.
  const numbers = names
    .filter((name) => /^\d+\.md5$/.test(name))
    .map((name) => Number.parseInt(name, 10))
    .sort((a, b) => a - b);
  const marker = Number(context.query['part-number-marker'] ?? 0);
  const parts = await Promise.all(
    numbers
      .filter((number) => number > marker)
      .map(async (number) => {
        const file = path.join(folder, String(number));
        const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return {
          PartNumber: number,
          LastModified: info.mtime.toISOString(),
          ETag: JSON.stringify(md5),
          Size: info.size,
        };
      }),
  );
  context.body = {
    ListPartsResult: {
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      PartNumberMarker: marker,
      NextPartNumberMarker: parts.at(-1)?.PartNumber ?? marker,
      MaxParts: 1000,
      IsTruncated: false,
      Part: parts,
    },
  };
}

async function listMultipartUploads(context: S3Context, bucket: string) {
  const root = uploadsFolder(context, bucket);
  const prefix = String(context.query.prefix ?? '');
  const ids = await readdir(root).catch(() => [] as string[]);
  const uploads = [];
  for (const uploadId of ids.sort()) {
    const keyFile = path.join(root, uploadId, 'key');
    const key = await readFile(keyFile, 'utf8').catch(() => null);
    if (key === null || !key.startsWith(prefix)) continue;
    // The key file is written when the upload begins and never again.
    const initiated = (await stat(keyFile)).mtime.toISOString();
    uploads.push({ Key: key, UploadId: uploadId, Initiated: initiated });
  }
  uploads.sort((a, b) => a.Key.localeCompare(b.Key));
  context.body = {
    ListMultipartUploadsResult: {
      Bucket: bucket,
      KeyMarker: '',
      UploadIdMarker: '',
      Prefix: prefix,
      MaxUploads: 1000,
      IsTruncated: false,
      Upload: uploads,
    },
  };
}

async function abortMultipartUpload(context: S3Context, bucket: string, key: string) {
  const { folder } = await uploadFolder(context, bucket, key);
  await rm(folder, { recursive: true, force: true });
  context.status = 204;
}

async function uploadPartCopy(context: S3Context, bucket: string, key: string) {
  const { uploadId } = await uploadFolder(context, bucket, key);
  const partNumber = Number(context.query.partNumber);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
    throw new S3Error('InvalidArgument', 'Part number must be an integer between 1 and 10000', {
      ArgumentName: 'partNumber',
    });
  }
  const source = decodeURIComponent(context.get('x-amz-copy-source').replace(/^\//, ''));
  const [sourceBucket = '', ...sourceKey] = source.split('/');
  const range = /^bytes=(\d+)-(\d+)$/.exec(context.get('x-amz-copy-source-range'));
  const object = await context.store.getObject(
    sourceBucket,
    sourceKey.join('/'),
    range ? { start: Number(range[1]), end: Number(range[2]) } : undefined,
  );
  if (!object) throw new S3Error('NoSuchKey', 'The specified key does not exist.');
  const size = Number(object.metadata['content-length']);
  if (range && (Number(range[1]) > Number(range[2]) || Number(range[2]) >= size)) {
    object.content?.destroy();
    throw new S3Error('InvalidRange', 'The requested range is not satisfiable', {
      RangeRequested: context.get('x-amz-copy-source-range'),
      ActualObjectSize: size,
    });
  }
  const { md5 } = await context.store.putPart(bucket, uploadId, partNumber, object.content!);
  context.body = {
    CopyPartResult: { LastModified: new Date().toISOString(), ETag: JSON.stringify(md5) },
  };
}
