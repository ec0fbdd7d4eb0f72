import type { Video } from '@filmroom/contract';
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

describe('adaptive streaming from S3 storage', () => {
  const get = (url: string, who: string | null, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...(who ? { cookie: who } : {}), ...headers } });
  const resolve = (relative: string, base: string) =>
    new URL(relative, `http://filmroom${base}`).pathname;

  it('serves the playlists to the owner, sends segments to signed addresses, and hides all from strangers', async () => {
    await waitUntilPrepared(ctx.database.db, videoId);
    const video = (await get(`/api/videos/${videoId}`, cookie)).json<Video>();
    const master = video.streamUrl!;
    expect(master).toBe(`/uploads/videos/${videoId}/hls/master.m3u8`);

    // Playlists come from this server: their relative names must resolve here, not unsigned on S3.
    const masterPlaylist = await get(master, cookie);
    expect(masterPlaylist.statusCode).toBe(200);
    expect(masterPlaylist.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    const variant = resolve(/^(\S+\.m3u8)$/m.exec(masterPlaylist.body)![1]!, master);
    const mediaPlaylist = await get(variant, cookie);
    expect(mediaPlaylist.statusCode).toBe(200);
    expect(mediaPlaylist.body).toMatch(/^#EXTM3U/);
    const init = resolve(/#EXT-X-MAP:URI="([^"]+)"/.exec(mediaPlaylist.body)![1]!, variant);
    const segment = resolve(/^(\S+\.m4s)$/m.exec(mediaPlaylist.body)![1]!, variant);

    for (const [url, type] of [
      [init, /^video\/mp4/],
      [segment, /^video\/iso\.segment/],
    ] as const) {
      const redirect = await get(url, cookie);
      expect(redirect.statusCode, url).toBe(302);
      const location = redirect.headers.location as string;
      expect(location).toMatch(
        new RegExp(`^${s3.settings.endpoint}/filmroom-uploads${url.slice('/uploads'.length)}\\?`),
      );
      const whole = await fetch(location);
      expect(whole.status, url).toBe(200);
      expect(whole.headers.get('content-type'), url).toMatch(type);
      const bytes = Buffer.from(await whole.arrayBuffer());
      const ranged = await fetch(location, { headers: { range: 'bytes=100-199' } });
      expect(ranged.status, url).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    }

    const stranger = await registerAccount(ctx.app);
    for (const url of [master, variant, init, segment, video.storyboardUrl!]) {
      const refused = await get(url, stranger.cookie);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.headers.location, url).toBeUndefined();
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
  });
});

describe('the page served with S3 storage', () => {
  it('lets the player and pictures load from the bucket the signed addresses point at', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user' });
    const directives = String(response.headers['content-security-policy']).split(';');
    const bucket = new URL(s3.settings.endpoint!).origin;
    expect(directives).toContain(`media-src 'self' blob: ${bucket}`);
    expect(directives).toContain(`img-src 'self' data: blob: ${bucket}`);
    // The streaming player fetches segments, followed to the bucket by the redirect.
    expect(directives).toContain(`connect-src 'self' ${bucket}`);
  });
});
