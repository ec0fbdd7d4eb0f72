import type { Analysis, VideoDetail } from '@filmroom/contract';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { videoShares } from '../../db/schema';
import { findAnalysis } from './analysis-store';
import { scanKey } from './scan-keys';

const ctx = useTestApp(
  {
    WORK_QUEUES: 'media.prepare,vision.scan,analysis.generate',
    SCAN_FPS: '4',
    VISION_WORKERS: '2',
  },
  { work: true },
);

async function analysed(videoId: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const row = await findAnalysis(ctx.database.db, videoId);
    if (row?.status === 'ready' || row?.status === 'failed') return row;
    await sleep(500);
  }
  throw new Error('the analysis did not finish in time');
}

/** The squats video the first test measured; the reuse test takes its scan. */
let measuredSquats: string | undefined;

const readScanJson = async (videoId: string) =>
  JSON.parse(
    gunzipSync(await buffer(await ctx.runtime.deps.blobs.read(scanKey(videoId)))).toString(),
  ) as Record<string, unknown>;

describe('analysis of an uploaded clip', () => {
  it(
    'measures the squats clip and points at moments, with guides on the athlete',
    { timeout: 300_000 },
    async () => {
      const owner = await registerAccount(ctx.app);
      const viewer = await registerAccount(ctx.app);
      const video = await uploadVideo(ctx.app, owner.cookie, { title: 'Squats' });
      await ctx.database.db.insert(videoShares).values({
        videoId: video.id,
        sharedWithEmail: viewer.username,
        accessLevel: 'view',
        sharedById: owner.user.id,
      });

      const row = await analysed(video.id);
      expect(row.status).toBe('ready');
      measuredSquats = video.id;
      const detail = await ctx.app.inject({
        url: `/api/videos/${video.id}`,
        headers: { cookie: owner.cookie },
      });
      const analysis = detail.json<VideoDetail>().analysis!;
      // Three squats, recognised as squats, each judged at its bottom.
      expect(analysis.athletes![0]).toMatchObject({ movement: 'squat', repetitions: 3 });
      expect(analysis.textAnalysis).toMatch(/^## Squat\n/);
      expect(analysis.textAnalysis).toContain('**3 repetitions were counted**');
      expect(analysis.textAnalysis).toContain('| Knee angle at the bottom (shallowest rep) (0:');
      expect(analysis.coachingPoints!.length).toBeGreaterThan(0);
      const records = analysis.athletes![0]!.metrics;
      for (const point of analysis.coachingPoints!) {
        expect(point.timestamp).toBeGreaterThanOrEqual(0);
        expect(point.timestamp).toBeLessThanOrEqual(13.1);
        // Each point quotes the record it is about, in the record's own words.
        const quoted = records.filter((record) => point.metricIds?.includes(record.id));
        expect(quoted.length).toBeGreaterThan(0);
        for (const record of quoted) expect(point.description).toContain(record.text);
      }

      // Regenerate: the coach step again, fast, for editors only.
      const regenerate = (cookie: string, instructions?: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/videos/${video.id}/regenerate`,
          headers: { cookie },
          payload: instructions === undefined ? {} : { instructions },
        });
      const again = await regenerate(
        owner.cookie,
        'Focus on depth in the first 5 seconds: 0:00 to 0:05',
      );
      expect(again.statusCode).toBe(200);
      const steered = again.json<Analysis>();
      expect(steered.textAnalysis).toMatch(
        /^_As asked: focus on depth; moments between 0:00.0 and 0:05.0\._/,
      );
      expect(steered.coachingPoints!.length).toBeGreaterThan(0);
      expect(steered.coachingPoints!.every((point) => point.timestamp <= 5)).toBe(true);
      expect((await findAnalysis(ctx.database.db, video.id))?.instructions).toMatch(
        /^Focus on depth/,
      );

      expect((await regenerate(viewer.cookie)).statusCode).toBe(403);
      const stranger = await registerAccount(ctx.app);
      expect((await regenerate(stranger.cookie)).statusCode).toBe(404);
      const tooLong = await regenerate(owner.cookie, 'x'.repeat(3000));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ message: 'Instructions must be at most 2000 characters' });
    },
  );

  it('answers 409 to Regenerate before the clip has been measured', async () => {
    const owner = await registerAccount(ctx.app);
    // Not a squat clip: a fresh upload that cannot have been scanned yet.
    const video = await uploadVideo(ctx.app, owner.cookie, { title: 'Fresh' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/regenerate`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/still being analysed/);
  });

  it(
    'takes the scan of an earlier upload of the same file instead of scanning it again',
    { timeout: 120_000 },
    async () => {
      expect(measuredSquats, 'the first test measures the squats clip').toBeDefined();
      // Marked, so a fresh scan (which would come out the same) cannot pass for a copy.
      const marked = { ...(await readScanJson(measuredSquats!)), marker: 'scanned once' };
      await ctx.runtime.deps.blobs.write(
        scanKey(measuredSquats!),
        Readable.from([gzipSync(JSON.stringify(marked))]),
      );

      // Another person uploads the same clip.
      const other = await registerAccount(ctx.app);
      const again = await uploadVideo(ctx.app, other.cookie, { title: 'Squats again' });
      const row = await analysed(again.id);
      expect(row.status).toBe('ready');
      expect(row.scanSource).toBe(
        (await findAnalysis(ctx.database.db, measuredSquats!))?.scanSource,
      );
      expect(await readScanJson(again.id)).toEqual(marked);
      const detail = await ctx.app.inject({
        url: `/api/videos/${again.id}`,
        headers: { cookie: other.cookie },
      });
      expect(detail.json<VideoDetail>().analysis!.athletes![0]).toMatchObject({
        movement: 'squat',
        repetitions: 3,
      });
    },
  );
});
