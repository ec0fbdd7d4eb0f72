import type { ClipDetail, Playlist, Video } from '@filmroom/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { waitUntilPrepared } from '../../../test/wait-for-video';
import { videoShares } from '../../db/schema';

const ctx = useTestApp({}, { work: true });

let owner: Awaited<ReturnType<typeof registerAccount>>;
let video: Video;
/** Every file of the ladder and storyboard, as a player would find them. */
let files: { master: string; variants: string[]; init: string; segment: string };
let storyboard: { vtt: string; sprite: string };

const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { cookie, ...headers } });
const resolve = (relative: string, base: string) =>
  new URL(relative, `http://filmroom${base}`).pathname;

beforeAll(async () => {
  owner = await registerAccount(ctx.app, { isCoach: true });
  const uploaded = await uploadVideo(ctx.app, owner.cookie);
  expect((await waitUntilPrepared(ctx.database.db, uploaded.id)).status).toBe('ready');
  video = (await get(`/api/videos/${uploaded.id}`, owner.cookie)).json<Video>();

  const master = video.streamUrl!;
  const masterText = (await get(master, owner.cookie)).body;
  const variants = masterText
    .split('\n')
    .filter((line) => line.endsWith('.m3u8'))
    .map((line) => resolve(line, master));
  const variantText = (await get(variants[0]!, owner.cookie)).body;
  const init = resolve(/#EXT-X-MAP:URI="([^"]+)"/.exec(variantText)![1]!, variants[0]!);
  const segment = resolve(/^(\S+\.m4s)$/m.exec(variantText)![1]!, variants[0]!);
  files = { master, variants, init, segment };

  const vttText = (await get(video.storyboardUrl!, owner.cookie)).body;
  const sprite = /^(\S+\.jpg)#xywh=/m.exec(vttText)![1]!;
  storyboard = { vtt: video.storyboardUrl!, sprite: resolve(sprite, video.storyboardUrl!) };
});

describe('adaptive streaming files', () => {
  it('lists the ladder and storyboard in the video view, renditions never above the source', async () => {
    expect(video.url).toMatch(/\/media\.mp4$/);
    expect(video.streamUrl).toBe(`/uploads/videos/${video.id}/hls/master.m3u8`);
    expect(video.storyboardUrl).toBe(`/uploads/videos/${video.id}/storyboard/storyboard.vtt`);
    const master = await get(files.master, owner.cookie);
    expect(master.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    // The fixture is 720×1280 portrait: 360p and 720p, no 1080p.
    expect(master.body).toContain('RESOLUTION=360x640');
    expect(master.body).toContain('RESOLUTION=720x1280');
    expect(master.body).not.toContain('1080');
    expect(files.variants).toHaveLength(2);
  });

  it('serves each kind of file with its content type, and segments by range', async () => {
    const types: [string, RegExp][] = [
      [files.variants[0]!, /^application\/vnd\.apple\.mpegurl/],
      [files.init, /^video\/mp4/],
      [files.segment, /^video\/iso\.segment/],
      [storyboard.vtt, /^text\/vtt/],
      [storyboard.sprite, /^image\/jpeg/],
    ];
    for (const [url, type] of types) {
      const response = await get(url, owner.cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(type);
    }
    const whole = await get(files.segment, owner.cookie);
    const ranged = await get(files.segment, owner.cookie, { range: 'bytes=100-199' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`);
    expect(ranged.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
  });

  it('serves viewers, and hides every file from strangers and from who sees only clips of it', async () => {
    const all = [
      files.master,
      ...files.variants,
      files.init,
      files.segment,
      storyboard.vtt,
      storyboard.sprite,
    ];
    const viewer = await registerAccount(ctx.app);
    await ctx.database.db.insert(videoShares).values({
      videoId: video.id,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: owner.user.id,
    });
    const stranger = await registerAccount(ctx.app);

    // An athlete who was given a playlist of one clip of the video: only that clip's own MP4.
    const athlete = await registerAccount(ctx.app);
    const clip = await ctx.app.inject({
      method: 'POST',
      url: '/api/clips',
      headers: { cookie: owner.cookie },
      payload: { videoId: video.id, title: 'Rep', start: 1, end: 3 },
    });
    expect(clip.statusCode).toBe(201);
    const playlist = await ctx.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: owner.cookie },
      payload: { title: 'Reps', clipIds: [clip.json<ClipDetail>().id] },
    });
    const playlistId = playlist.json<Playlist>().id;
    const shared = await ctx.app.inject({
      method: 'POST',
      url: `/api/playlists/${playlistId}/shares`,
      headers: { cookie: owner.cookie },
      payload: { email: athlete.username },
    });
    expect(shared.statusCode).toBe(201);
    const seen = await get(`/api/playlists/${playlistId}`, athlete.cookie);
    const clipUrl = seen.json<Playlist>().items[0]!.clip.mediaUrl;
    expect((await get(clipUrl, athlete.cookie)).statusCode).toBe(200);

    for (const url of all) {
      expect((await get(url, owner.cookie)).statusCode, url).toBe(200);
      expect((await get(url, viewer.cookie, { range: 'bytes=0-9' })).statusCode, url).toBe(206);
      expect((await get(url, stranger.cookie)).statusCode, url).toBe(404);
      expect((await get(url, athlete.cookie)).statusCode, url).toBe(404);
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(401);
    }
  });

  it('answers 404 to names preparation never writes under the ladder', async () => {
    for (const name of [
      'hls/720p/other.txt',
      'hls/master.m3u8.bak',
      'hls/720p/segment-1.ts',
      'storyboard/sprite-1.png',
    ]) {
      const response = await get(`/uploads/videos/${video.id}/${name}`, owner.cookie);
      expect(response.statusCode, name).toBe(404);
    }
  });
});
