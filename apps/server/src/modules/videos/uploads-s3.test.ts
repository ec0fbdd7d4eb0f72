import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { startS3Server } from '../../../test/s3-server';
import { useTestApp } from '../../../test/test-app';
import { fixture, uploadVideo } from '../../../test/uploads';
import { waitUntilPrepared } from '../../../test/wait-for-video';

const s3 = await startS3Server('filmroom-uploads');
afterAll(() => s3.stop());

const ctx = useTestApp(
  {
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.settings.endpoint!,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
  },
  { work: true },
);

let cookie: string;
let videoId: string;
beforeAll(async () => {
  cookie = (await registerAccount(ctx.app)).cookie;
  videoId = (await uploadVideo(ctx.app, cookie)).id;
});

describe('videos on S3-compatible storage', () => {
  it('stores the upload in the bucket and prepares it from there', async () => {
    const row = await waitUntilPrepared(ctx.database.db, videoId);
    expect(row.status).toBe('ready');
    const original = await readFile(fixture('video/squats_single_person.mp4'));
    expect((await ctx.runtime.deps.blobs.stat(`videos/${videoId}/original`))?.bytes).toBe(
      original.length,
    );
  });

  it('sends viewers to a short-lived signed address that supports ranges', async () => {
    const response = await ctx.app.inject({
      url: `/uploads/videos/${videoId}/media.mp4`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(302);
    const location = response.headers.location as string;
    expect(location).toMatch(
      new RegExp(`^${s3.settings.endpoint}/filmroom-uploads/videos/${videoId}/media.mp4\\?`),
    );
    expect(location).toMatch(/X-Amz-Expires=900/);

    const partial = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(partial.status).toBe(206);
    expect((await partial.arrayBuffer()).byteLength).toBe(100);

    const signedOut = await ctx.app.inject({ url: `/uploads/videos/${videoId}/media.mp4` });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the page served with S3 storage', () => {
  it('lets the player and pictures load from the bucket the signed addresses point at', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user' });
    const directives = String(response.headers['content-security-policy']).split(';');
    const bucket = new URL(s3.settings.endpoint!).origin;
    expect(directives).toContain(`media-src 'self' blob: ${bucket}`);
    expect(directives).toContain(`img-src 'self' data: blob: ${bucket}`);
  });
});
