import {
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { startS3Server } from '../../../test/s3-server';
import { listenOnOwnPort, useTestApp } from '../../../test/test-app';
import {
  createTusUpload,
  sha256,
  tus,
  tusOffset,
  uploadAcrossRestart,
} from '../../../test/tus-client';
import { fixture } from '../../../test/uploads';
import { videos } from '../../db/schema';
import { s3ClientConfig } from '../../storage/s3-blob-store';
import { sweepAbandonedUploads } from './resumable-store';

// The same resumable uploads as resumable-uploads.test.ts, with the bytes in an S3 bucket: the
// tus S3 store's multipart upload, its record (<id>.info) and its short last piece (<id>.part).
const s3 = await startS3Server('filmroom-resumable');
afterAll(() => s3.stop());
const bucket = new S3Client(s3ClientConfig(s3.settings));

const MB = 1024 * 1024;
const ctx = useTestApp({
  MAX_RESUMABLE_UPLOAD_MB: '64',
  S3_BUCKET: s3.settings.bucket,
  S3_ENDPOINT: s3.settings.endpoint!,
  S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
  S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
});

type Account = Awaited<ReturnType<typeof registerAccount>>;

let server: Awaited<ReturnType<typeof listenOnOwnPort>>;
let video: Buffer;
beforeAll(async () => {
  server = await listenOnOwnPort(ctx);
  // A real clip with 24 MB after it: three 8 MB parts of the tus S3 store.
  const clip = await readFile(fixture('video/squats_single_person.mp4'));
  video = Buffer.concat([clip, randomBytes(24 * MB - clip.length)]);
});
afterAll(() => server?.app.close());

const offsetOf = (account: Account, location: string) =>
  tusOffset(server.origin, account, location);

/** What the bucket holds for an upload: its objects, and its multipart upload with its parts. */
async function stored(location: string) {
  const id = path.basename(location);
  const objects = await bucket.send(
    new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: id }),
  );
  const names = (objects.Contents ?? []).map(({ Key }) => Key!);
  const uploads = await bucket.send(
    new ListMultipartUploadsCommand({ Bucket: s3.settings.bucket, Prefix: id }),
  );
  for (const { Key, UploadId } of uploads.Uploads ?? []) {
    const { Parts = [] } = await bucket.send(
      new ListPartsCommand({ Bucket: s3.settings.bucket, Key, UploadId }),
    );
    names.push(`${Key} (multipart upload of ${Parts.length} parts)`);
  }
  return names.sort();
}

/** Sends the first 9 MB: one whole 8 MB part, and 1 MB the store keeps aside until more comes. */
async function partlySent(owner: Account) {
  const location = await createTusUpload(server.origin, owner, video.length);
  const patch = await tus(server.origin, owner, 'PATCH', location, {
    headers: { 'upload-offset': '0' },
    body: video.subarray(0, 9 * MB),
  });
  expect(patch.status).toBe(204);
  const id = path.basename(location);
  expect(await stored(location)).toEqual([
    `${id} (multipart upload of 1 parts)`,
    `${id}.info`,
    `${id}.part`,
  ]);
  return location;
}

describe('a resumable upload to S3 storage', () => {
  it('survives a cut connection and a server restart, and stores the file byte for byte', async () => {
    const owner = await registerAccount(ctx.app);
    const { videoId, location } = await uploadAcrossRestart(owner, video, {
      origin: () => server.origin,
      // A new server on the same database and data folder, as after a restart.
      restart: async () => {
        await server.app.close();
        server = await listenOnOwnPort(ctx);
      },
    });

    const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, videoId));
    expect(row).toMatchObject({ ownerId: owner.user.id, title: 'Full game' });
    expect(row!.originalBytes).toBe(video.length);
    const original = await buffer(await ctx.runtime.deps.blobs.read(row!.originalKey));
    expect(sha256(original)).toBe(sha256(video));
    // The finished object became the video's original: nothing of the upload is left behind.
    expect(await stored(location)).toEqual([]);
    expect(await offsetOf(owner, location)).toBe(404);
  });

  it('is removed with what it stored when cancelled (tus termination)', async () => {
    const owner = await registerAccount(ctx.app);
    const location = await partlySent(owner);
    expect(await offsetOf(owner, location)).toBe(9 * MB);
    const stranger = await registerAccount(ctx.app);
    expect((await tus(server.origin, stranger, 'DELETE', location)).status).toBe(404);

    expect((await tus(server.origin, owner, 'DELETE', location)).status).toBe(204);
    expect(await offsetOf(owner, location)).toBe(404);
    expect(await stored(location)).toEqual([]);
  });

  it('is swept with what it stored once left unfinished past its time', async () => {
    const owner = await registerAccount(ctx.app);
    const location = await partlySent(owner);
    expect(await sweepAbandonedUploads(ctx.config, ctx.runtime.deps.blobs)).toBe(0);
    expect(await offsetOf(owner, location)).toBe(9 * MB);

    const expired = {
      ...ctx.config,
      resumableUploads: { ...ctx.config.resumableUploads, expiryMs: 1 },
    };
    expect(await sweepAbandonedUploads(expired, ctx.runtime.deps.blobs)).toBeGreaterThanOrEqual(1);
    expect(await offsetOf(owner, location)).toBe(404);
    expect(await stored(location)).toEqual([]);
  });

  it('is not swept, and stops no sweep, where the store cannot list multipart uploads', async () => {
    const bare = await startS3Server('filmroom-bare', { bare: true });
    try {
      const config = { ...ctx.config, s3: bare.settings };
      expect(await sweepAbandonedUploads(config, ctx.runtime.deps.blobs)).toBe(0);
    } finally {
      await bare.stop();
    }
  });

  it('leaves nothing in the bucket when its first bytes are not a video', async () => {
    const owner = await registerAccount(ctx.app);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MB)]);
    const location = await createTusUpload(server.origin, owner, pdf.length);
    const response = await tus(server.origin, owner, 'PATCH', location, {
      headers: { 'upload-offset': '0' },
      body: pdf,
    });
    expect(response.status).toBe(415);
    expect(await stored(location)).toEqual([]);
  });
});
