import type { Video } from '@filmroom/contract';
import { probeMedia } from '@filmroom/media';
import { eq } from 'drizzle-orm';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { makeClip } from '../../../test/media-clips';
import { useTestApp } from '../../../test/test-app';
import { fixture, uploadVideo } from '../../../test/uploads';
import { waitUntilPrepared } from '../../../test/wait-for-video';
import { videos } from '../../db/schema';
import { prepareVideo } from './prepare-video-job';

const ctx = useTestApp({}, { work: true });

const settled = (videoId: string) => waitUntilPrepared(ctx.database.db, videoId);

async function preparedFile(videoId: string) {
  return ctx.runtime.deps.blobs.withLocalCopy(`videos/${videoId}/media.mp4`, (file) =>
    probeMedia(file),
  );
}

describe('media.prepare', () => {
  it('re-wraps an H.264/AAC MP4 with faststart, without re-encoding, and makes stills', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, cookie);
    const row = await settled(video.id);
    expect(row).toMatchObject({
      status: 'ready',
      progress: 100,
      failureReason: null,
      width: 720,
      height: 1280,
    });
    expect(row.duration).toBeCloseTo(13, 0);

    const media = await ctx.runtime.deps.blobs.withLocalCopy(
      `videos/${video.id}/media.mp4`,
      (file) => readFile(file),
    );
    // faststart: the index (moov) comes before the picture data (mdat).
    expect(media.indexOf('moov')).toBeLessThan(media.indexOf('mdat'));
    const original = await readFile(fixture('video/squats_single_person.mp4'));
    expect(Math.abs(media.length - original.length)).toBeLessThan(original.length * 0.05);

    const stored = await ctx.runtime.deps.blobs.list(`videos/${video.id}/`);
    // Beside the MP4 and stills: the streaming ladder (360p and 720p of this 720p source) and
    // the storyboard.
    expect(stored.filter((key) => !/\/(hls|storyboard)\//.test(key))).toEqual([
      `videos/${video.id}/media.mp4`,
      `videos/${video.id}/original`,
      `videos/${video.id}/poster.jpg`,
      `videos/${video.id}/thumbnail.jpg`,
    ]);
    expect(stored).toEqual(
      expect.arrayContaining([
        `videos/${video.id}/hls/master.m3u8`,
        `videos/${video.id}/hls/360p/index.m3u8`,
        `videos/${video.id}/hls/720p/index.m3u8`,
        `videos/${video.id}/storyboard/storyboard.vtt`,
        `videos/${video.id}/storyboard/sprite-001.jpg`,
      ]),
    );
    const detail = await ctx.app.inject({ url: `/api/videos/${video.id}`, headers: { cookie } });
    expect(detail.json<Video>()).toMatchObject({
      status: 'ready',
      url: `/uploads/videos/${video.id}/media.mp4`,
      posterUrl: `/uploads/videos/${video.id}/poster.jpg`,
      thumbnailUrl: `/uploads/videos/${video.id}/thumbnail.jpg`,
      streamUrl: `/uploads/videos/${video.id}/hls/master.m3u8`,
      storyboardUrl: `/uploads/videos/${video.id}/storyboard/storyboard.vtt`,
    });
  });

  it('prepares a file once: another upload of the same file gets copies of its files', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const first = await settled((await uploadVideo(ctx.app, cookie)).id);
    const second = await settled((await uploadVideo(ctx.app, cookie)).id);
    expect(second).toMatchObject({
      status: 'ready',
      progress: 100,
      width: first.width,
      height: first.height,
      duration: first.duration,
      preparedFrom: first.preparedFrom,
      streamKey: `videos/${second.id}/hls/master.m3u8`,
      storyboardKey: `videos/${second.id}/storyboard/storyboard.vtt`,
    });
    const { db, pool, blobs, jobs } = ctx.runtime.deps;
    const named = async (videoId: string) =>
      (await blobs.list(`videos/${videoId}/`)).map((key) => key.slice(key.indexOf('/', 7)));
    expect(await named(second.id)).toEqual(await named(first.id));
    const bytes = (videoId: string) =>
      blobs.withLocalCopy(`videos/${videoId}/hls/360p/index.m3u8`, (file) => readFile(file));
    expect(await bytes(second.id)).toEqual(await bytes(first.id));

    // Prepared again, it copies instead of running ffmpeg: what the log says it did.
    const said: string[] = [];
    const log = pino(
      { level: 'info' },
      { write: (line: string) => said.push(JSON.parse(line).msg) },
    );
    await prepareVideo(
      { db, pool, blobs, log, queue: jobs, config: ctx.config },
      second.id,
      new AbortController().signal,
    );
    expect(said).toContain('reused the preparation of a video of the same source');
    expect(said).not.toContain('preparing video');

    // The copies are the second video's own: they stay when the first is deleted.
    await ctx.app.inject({ method: 'DELETE', url: `/api/videos/${first.id}`, headers: { cookie } });
    expect(await blobs.list(`videos/${first.id}/`)).toEqual([]);
    const stream = await ctx.app.inject({
      url: `/uploads/videos/${second.id}/hls/master.m3u8`,
      headers: { cookie },
    });
    expect(stream.statusCode).toBe(200);
  });

  it.each([
    [
      'VP9/Opus in WebM',
      'clip.webm',
      ['-c:v', 'libvpx-vp9', '-b:v', '300k', '-deadline', 'realtime'],
      ['-c:a', 'libopus'],
    ],
    [
      'MPEG-4 part 2 with PCM audio in QuickTime',
      'clip.mov',
      ['-c:v', 'mpeg4'],
      ['-c:a', 'pcm_s16le'],
    ],
    [
      'H.264 in QuickTime (as an iPhone writes)',
      'clip.mov',
      ['-c:v', 'libx264', '-preset', 'ultrafast'],
      ['-c:a', 'aac'],
    ],
  ])('transcodes %s to H.264/AAC MP4', async (_name, fileName, videoArgs, audioArgs) => {
    const { cookie } = await registerAccount(ctx.app);
    const clip = await makeClip(fileName, { videoArgs, audioArgs });
    const video = await uploadVideo(ctx.app, cookie, { file: clip });
    const row = await settled(video.id);
    expect(row.status).toBe('ready');
    const prepared = await preparedFile(video.id);
    expect(prepared.video).toMatchObject({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: 320,
      height: 240,
    });
    expect(prepared.audio).toEqual({ codec: 'aac' });
    expect(prepared.isQuickTime).toBe(false);
  });

  it('scales a video larger than 1920 px down to a 1920 long side, never up', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const clip = await makeClip('big.mov', {
      size: '2560x1440',
      seconds: 1,
      videoArgs: ['-c:v', 'mpeg4', '-q:v', '10'],
    });
    const video = await uploadVideo(ctx.app, cookie, { file: clip });
    expect(await settled(video.id)).toMatchObject({ status: 'ready', width: 1920, height: 1080 });
    expect((await preparedFile(video.id)).audio).toBeNull();
  });

  it('turns a sideways phone recording upright when it transcodes', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const clip = await makeClip('sideways.mov', {
      size: '640x360',
      seconds: 1,
      videoArgs: ['-c:v', 'mpeg4'],
      rotate: 90,
    });
    const video = await uploadVideo(ctx.app, cookie, { file: clip });
    expect(await settled(video.id)).toMatchObject({ status: 'ready', width: 360, height: 640 });
    const prepared = await preparedFile(video.id);
    expect(prepared.video).toMatchObject({ width: 360, height: 640, rotation: 0 });
  });

  it('keeps the rotation of an H.264 MP4 it only re-wraps, and reports the upright size', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const clip = await makeClip('sideways.mp4', {
      size: '640x360',
      seconds: 1,
      videoArgs: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      rotate: 90,
    });
    const video = await uploadVideo(ctx.app, cookie, { file: clip });
    expect(await settled(video.id)).toMatchObject({ status: 'ready', width: 360, height: 640 });
    const prepared = await preparedFile(video.id);
    expect(prepared.video).toMatchObject({ width: 640, height: 360 });
    expect(prepared.video?.rotation).not.toBe(0);
  });

  /** A 30 fps H.264 MP4 carrying the capture rate as an Android phone writes it. */
  const phoneClip = (captureFps: number) =>
    makeClip(`capture-${captureFps}.mp4`, {
      seconds: 1,
      // prettier-ignore
      videoArgs: [
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-r', '30',
        '-metadata', `com.android.capture.fps=${captureFps.toFixed(6)}`,
        '-movflags', 'use_metadata_tags',
      ],
    });

  it('stores the slow-motion factor the file states: filmed at 120 fps, played at 30', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const clip = await phoneClip(120);
    // The tag is in the file, where ffprobe finds it.
    expect((await probeMedia(clip)).slowMotion).toEqual({ factor: 4, captureFps: 120 });
    const video = await uploadVideo(ctx.app, cookie, { file: clip });
    expect(await settled(video.id)).toMatchObject({
      status: 'ready',
      slowMotionFactor: 4,
      slowMotionSource: 'container',
    });
  });

  it('leaves real-time footage alone: a normal recording states its own rate', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, cookie, { file: await phoneClip(30) });
    expect(await settled(video.id)).toMatchObject({
      status: 'ready',
      slowMotionFactor: null,
      slowMotionSource: null,
    });
  });

  it('never replaces a slow-motion factor the coach set', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const video = await uploadVideo(ctx.app, cookie, { file: await phoneClip(240) });
    expect(await settled(video.id)).toMatchObject({ slowMotionFactor: 8 });
    const { db, pool, blobs, jobs } = ctx.runtime.deps;
    await db
      .update(videos)
      .set({ slowMotionFactor: 2, slowMotionSource: 'coach' })
      .where(eq(videos.id, video.id));
    // Prepared again (a retry, or a re-run after a crash) on the same file.
    const log = pino({ level: 'silent' });
    await prepareVideo(
      { db, pool, blobs, log, queue: jobs, config: ctx.config },
      video.id,
      new AbortController().signal,
    );
    expect(await settled(video.id)).toMatchObject({
      status: 'ready',
      slowMotionFactor: 2,
      slowMotionSource: 'coach',
    });
  });

  it.each([
    ['cut off half-way', async (data: Buffer) => data.subarray(0, data.length / 2), /incomplete/],
    [
      'damaged after its header',
      async (data: Buffer) => Buffer.concat([data.subarray(0, 64), Buffer.alloc(200_000, 7)]),
      /could not be read|incomplete/,
    ],
  ])('marks a video that is %s as failed with a readable reason', async (_name, damage, reason) => {
    const { cookie } = await registerAccount(ctx.app);
    const damaged = path.join(tmpdir(), `damaged-${Date.now()}.mp4`);
    await writeFile(
      damaged,
      await damage(await readFile(fixture('video/squats_single_person.mp4'))),
    );
    const video = await uploadVideo(ctx.app, cookie, { file: damaged });
    const row = await settled(video.id);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(reason);
    expect(row.mediaKey).toBeNull();
    const listed = await ctx.app.inject({ url: '/api/videos', headers: { cookie } });
    expect(listed.json<Video[]>()[0]).toMatchObject({
      status: 'failed',
      url: null,
      failureReason: row.failureReason,
    });
  });

  it('cleans up when the video is deleted while it is being prepared', async () => {
    const { cookie } = await registerAccount(ctx.app);
    const clip = await makeClip('slow.webm', {
      size: '640x480',
      seconds: 6,
      videoArgs: ['-c:v', 'libvpx-vp9', '-b:v', '500k', '-deadline', 'realtime'],
    });
    const video = await uploadVideo(ctx.app, cookie, { file: clip });
    await ctx.app.inject({ method: 'DELETE', url: `/api/videos/${video.id}`, headers: { cookie } });
    // Let any preparation that had started run to its end.
    await sleep(4_000);
    for (
      let i = 0;
      i < 40 && (await ctx.runtime.deps.blobs.list(`videos/${video.id}/`)).length;
      i += 1
    ) {
      await sleep(500);
    }
    expect(await ctx.runtime.deps.blobs.list(`videos/${video.id}/`)).toEqual([]);
  });
});
