import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { waitUntilPrepared } from '../../../test/wait-for-video';
import { videoShares } from '../../db/schema';

const ctx = useTestApp({}, { work: true });

let owner: Awaited<ReturnType<typeof registerAccount>>;
let videoId: string;
let media: Buffer;

beforeAll(async () => {
  owner = await registerAccount(ctx.app);
  videoId = (await uploadVideo(ctx.app, owner.cookie)).id;
  await waitUntilPrepared(ctx.database.db, videoId);
  media = await ctx.runtime.deps.blobs.withLocalCopy(`videos/${videoId}/media.mp4`, (file) =>
    readFile(file),
  );
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { cookie: owner.cookie, ...headers } });

describe('GET /uploads/<key>', () => {
  it('streams the whole file with validators and Accept-Ranges', async () => {
    const response = await get(`/uploads/videos/${videoId}/media.mp4`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(Number(response.headers['content-length'])).toBe(media.length);
    expect(response.headers.etag).toMatch(/^W?\/?".+"$/);
    expect(response.headers['last-modified']).toEqual(expect.any(String));
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    expect(response.rawPayload.equals(media)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-', 1000, -1],
    ['bytes=-500', -500, -1],
  ])('answers the range %s with 206 and the exact bytes', async (range, start, end) => {
    const response = await get(`/uploads/videos/${videoId}/media.mp4`, { range });
    const from = start < 0 ? media.length + start : start;
    const to = end < 0 ? media.length - 1 : end;
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${from}-${to}/${media.length}`);
    expect(Number(response.headers['content-length'])).toBe(to - from + 1);
    expect(response.rawPayload.equals(media.subarray(from, to + 1))).toBe(true);
  });

  it('answers 416 to a range past the end', async () => {
    const response = await get(`/uploads/videos/${videoId}/media.mp4`, {
      range: `bytes=${media.length + 10}-`,
    });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${media.length}`);
  });

  it('answers 304 when the browser already has this version', async () => {
    const first = await get(`/uploads/videos/${videoId}/media.mp4`);
    const again = await get(`/uploads/videos/${videoId}/media.mp4`, {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves the poster and thumbnail as JPEG', async () => {
    for (const name of ['poster.jpg', 'thumbnail.jpg']) {
      const response = await get(`/uploads/videos/${videoId}/${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    }
  });

  it('answers 404, not 500, to ids that are 36 hex characters but no UUID', async () => {
    const notUuid = 'abcdefabcdefabcdefabcdefabcdefabcdef';
    for (const url of [
      `/uploads/videos/${notUuid}/media.mp4`,
      `/uploads/videos/${notUuid}/poster.jpg`,
      `/uploads/videos/${notUuid}/annotations/${notUuid}.webm`,
      `/uploads/users/${notUuid}/photos/${notUuid}.jpg`,
      `/uploads/videos/${videoId.replaceAll('-', 'a')}/media.mp4`,
    ]) {
      const response = await ctx.app.inject({ url, headers: { cookie: owner.cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'File not found' });
    }
  });

  it('serves only people who may view the video: 401 signed out, 404 for strangers', async () => {
    const url = `/uploads/videos/${videoId}/media.mp4`;
    const signedOut = await ctx.app.inject({ url });
    expect(signedOut.statusCode).toBe(401);

    const stranger = await registerAccount(ctx.app);
    const refused = await ctx.app.inject({ url, headers: { cookie: stranger.cookie } });
    expect(refused.statusCode).toBe(404);
    expect(refused.rawPayload.includes(media.subarray(0, 64))).toBe(false);

    const viewer = await registerAccount(ctx.app);
    await ctx.database.db.insert(videoShares).values({
      videoId,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: owner.user.id,
    });
    const shared = await ctx.app.inject({
      url,
      headers: { cookie: viewer.cookie, range: 'bytes=0-9' },
    });
    expect(shared.statusCode).toBe(206);
  });

  it.each([
    (id: string) => `/uploads/videos/${id}/original`,
    () => '/uploads/videos/../../postgres.secret',
    () => '/uploads/%2e%2e/%2e%2e/postgres.secret',
    () => '/uploads/incoming/anything',
    (id: string) => `/uploads/videos/${id}/media.mp4/..`,
  ])('answers 404 to a path that is not a servable file: %#', async (url) => {
    const response = await get(url(videoId));
    expect(response.statusCode).toBe(404);
  });
});
