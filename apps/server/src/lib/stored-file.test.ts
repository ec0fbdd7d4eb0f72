import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import type { BlobStore } from '../storage';
import { LocalBlobStore } from '../storage/local-blob-store';
import { S3BlobStore } from '../storage/s3-blob-store';
import { sendStoredFile, type StoredFileOptions } from './stored-file';

const BYTES = randomBytes(1000);
const KEY = 'videos/a/media.mp4';
const PLAYLIST = 'videos/a/hls/master.m3u8';

/** A server whose one route sends the stored file its path names, with the options asked for. */
function serving(blobs: BlobStore, options: Partial<StoredFileOptions> = {}): FastifyInstance {
  const app = Fastify();
  app.get('/files/*', (request, reply) =>
    sendStoredFile(request, reply, blobs, (request.params as { '*': string })['*'], {
      cache: 'private',
      missing: 'File not found',
      ...options,
    }),
  );
  return app;
}

async function stored(blobs: BlobStore) {
  await blobs.write(KEY, Readable.from([BYTES]), { contentType: 'video/mp4' });
  await blobs.write(PLAYLIST, Readable.from(['#EXTM3U\n']));
}

describe('a stored file on local disk', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'filmroom-served-'));
    const blobs = new LocalBlobStore(root);
    await stored(blobs);
    app = serving(blobs);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url: `/files/${KEY}`, headers });

  it('sends the whole file with what a player and a cache need', async () => {
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(BYTES)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
    });
    expect(whole.headers.etag).toBeTruthy();
    expect(whole.headers['last-modified']).toBeTruthy();
    expect(whole.headers['content-disposition']).toBeUndefined();

    const unchanged = await get({ 'if-none-match': String(whole.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
  });

  it('sends a range, and a range counted from the end', async () => {
    const middle = await get({ range: 'bytes=100-199' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 100-199/1000');
    expect(middle.rawPayload.equals(BYTES.subarray(100, 200))).toBe(true);

    const tail = await get({ range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 990-999/1000');
    expect(tail.rawPayload.equals(BYTES.subarray(990))).toBe(true);
  });

  it('answers a range outside the file with 416 and the file’s size', async () => {
    const outside = await get({ range: 'bytes=1000-1099' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */1000');
    expect(outside.json()).toEqual({ message: 'The requested range is outside the file' });
  });

  it('answers HEAD with the headers alone', async () => {
    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a missing file with 404 and the message it was given', async () => {
    const missing = await app.inject({ url: '/files/videos/a/poster.jpg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'File not found' });
  });

  it('sends a download as an attachment, kept by no cache, with the type it was given', async () => {
    const download = serving(new LocalBlobStore(root), {
      cache: 'no-store',
      contentType: 'application/octet-stream',
      downloadName: 'Week-3.mp4',
    });
    const response = await download.inject({
      url: `/files/${KEY}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="Week-3.mp4"',
      'cache-control': 'private, no-store',
    });
    expect(response.rawPayload.equals(BYTES.subarray(0, 10))).toBe(true);
  });
});

describe('a stored file on S3', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let blobs: S3BlobStore;
  beforeAll(async () => {
    s3 = await startS3Server('filmroom-served');
    blobs = new S3BlobStore(s3.settings);
    await stored(blobs);
  });
  afterAll(() => s3.stop());

  it('is a redirect to a short-lived signed address that answers ranges', async () => {
    const redirect = await serving(blobs).inject({ url: `/files/${KEY}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('private, max-age=840');
    const location = String(redirect.headers.location);
    expect(location).toMatch(new RegExp(`^${s3.settings.endpoint}/filmroom-served/${KEY}\\?`));
    expect(location).toMatch(/X-Amz-Expires=900/);

    const ranged = await fetch(location, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await ranged.arrayBuffer()).equals(BYTES.subarray(100, 200))).toBe(true);
  });

  it('sends a download to an address that answers with it as an attachment, kept by no cache', async () => {
    const app = serving(blobs, { cache: 'no-store', downloadName: 'Week-3.mp4' });
    const redirect = await app.inject({ url: `/files/${KEY}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('private, no-store');
    const file = await fetch(String(redirect.headers.location));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Week-3.mp4"');
    expect(Buffer.from(await file.arrayBuffer()).equals(BYTES)).toBe(true);
  });

  it('sends what is passed through from here, typed by its extension', async () => {
    const app = serving(blobs, { passThrough: true });
    const playlist = await app.inject({ url: `/files/${PLAYLIST}` });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(playlist.headers['cache-control']).toBe('private, max-age=3600');
    expect(playlist.body).toBe('#EXTM3U\n');
  });
});
