import type { AnalysisRange, AnalysisRangeEvent, AnalysisRanges } from '@filmroom/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { useTestApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/uploads';
import { waitUntilPrepared } from '../../../test/wait-for-video';
import { analysisRanges, videoShares } from '../../db/schema';
import { findAnalysis } from './analysis-store';

// The 13 s squats clip counts as long here, so it is analysed only in the ranges chosen.
const ctx = useTestApp(
  {
    WORK_QUEUES: 'media.prepare,vision.scan,analysis.generate,analysis.range',
    AUTO_ANALYSIS_MAX_SECONDS: '10',
    JOB_CONCURRENCY: '1',
    SCAN_FPS: '4',
    VISION_WORKERS: '2',
  },
  { work: true },
);

type Account = Awaited<ReturnType<typeof registerAccount>>;

const rangesUrl = (videoId: string) => `/api/videos/${videoId}/analysis-ranges`;

async function listRanges(videoId: string, cookie: string) {
  const response = await ctx.app.inject({ url: rangesUrl(videoId), headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<AnalysisRanges>();
}

function post(url: string, cookie: string, payload?: object) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
}

async function rangeSettled(videoId: string, rangeId: string, cookie: string) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const range = (await listRanges(videoId, cookie)).ranges.find((r) => r.id === rangeId);
    if (range && !['queued', 'scanning', 'analysing'].includes(range.status)) return range;
    await sleep(500);
  }
  throw new Error(`range ${rangeId} did not finish in time`);
}

/** Every `analysis-range` event published, as the event stream hears them. */
function recordRangeEvents() {
  const events: AnalysisRangeEvent[] = [];
  const stop = ctx.runtime.deps.videoEvents.subscribe((event) => {
    if (event.type === 'analysis-range') events.push(event.data);
  });
  return { events, stop };
}

async function longVideo(owner: Account) {
  const video = await uploadVideo(ctx.app, owner.cookie, { title: 'Whole session' });
  await waitUntilPrepared(ctx.database.db, video.id);
  return video;
}

describe('analysis of chosen ranges of a long video', () => {
  it(
    'does not scan a long video by itself; each chosen range has its own job, progress and results on the video timeline, and can be cancelled and started again',
    { timeout: 600_000 },
    async () => {
      const owner = await registerAccount(ctx.app);
      const video = await longVideo(owner);
      const scans = await ctx.database.pool.query(
        `SELECT 1 FROM pgboss.job WHERE name = 'vision.scan' AND data->>'videoId' = $1`,
        [video.id],
      );
      expect(scans.rowCount).toBe(0);
      expect(await findAnalysis(ctx.database.db, video.id)).toBeUndefined();
      const before = await listRanges(video.id, owner.cookie);
      expect(before).toEqual({ autoAnalysisMaxSeconds: 10, ranges: [] });

      const recorded = recordRangeEvents();
      const started = await post(rangesUrl(video.id), owner.cookie, {
        ranges: [
          { start: 7, end: 13 },
          { start: 0, end: 6.5 },
        ],
      });
      expect(started.statusCode).toBe(201);
      const [first, second] = started.json<{ ranges: AnalysisRange[] }>().ranges;
      expect([first!.start, first!.end, second!.start, second!.end]).toEqual([0, 6.5, 7, 13]);
      expect(first!.status).toBe('queued');

      // One job at a time here: the later range is still queued, and cancelling it means it never runs.
      const cancelled = await post(`${rangesUrl(video.id)}/${second!.id}/cancel`, owner.cookie);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json<AnalysisRange>().status).toBe('cancelled');
      const again = await post(`${rangesUrl(video.id)}/${second!.id}/cancel`, owner.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/is not being analysed: it is cancelled/);

      const done = await rangeSettled(video.id, first!.id, owner.cookie);
      expect(done.status).toBe('ready');
      expect(done.progress).toBe(100);
      const firstAnalysis = done.analysis!;
      expect(firstAnalysis.playerDetections.length).toBeGreaterThan(0);
      for (const detection of firstAnalysis.playerDetections) {
        expect(detection.rangeId).toBe(first!.id);
        expect(detection.timestamp).toBeGreaterThanOrEqual(0);
        expect(detection.timestamp).toBeLessThanOrEqual(6.5);
      }
      for (const point of firstAnalysis.coachingPoints) {
        expect(point.rangeId).toBe(first!.id);
        expect(point.timestamp).toBeLessThanOrEqual(6.5);
      }
      expect(firstAnalysis.athletes[0]!.movement).toBe('squat');
      // The whole video's analysis is untouched: there is none.
      expect(await findAnalysis(ctx.database.db, video.id)).toBeUndefined();

      // Started again, then cancelled while its scan runs: the scan stops and it stays cancelled.
      const restarted = await post(`${rangesUrl(video.id)}/${second!.id}/restart`, owner.cookie);
      expect(restarted.statusCode).toBe(200);
      expect(restarted.json<AnalysisRange>()).toMatchObject({ status: 'queued', progress: 0 });
      while (!recorded.events.some((e) => e.id === second!.id && e.status === 'scanning')) {
        await sleep(100);
      }
      const stopped = await post(`${rangesUrl(video.id)}/${second!.id}/cancel`, owner.cookie);
      expect(stopped.statusCode).toBe(200);
      const jobs = await ctx.database.pool.query<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE name = 'analysis.range' AND data->>'rangeId' = $1`,
        [second!.id],
      );
      expect(jobs.rows.map((row) => row.state).sort()).toEqual(['cancelled', 'cancelled']);

      // And a third time, to the end: its results sit on the video's timeline, after 7 s.
      expect(
        (await post(`${rangesUrl(video.id)}/${second!.id}/restart`, owner.cookie)).statusCode,
      ).toBe(200);
      const later = await rangeSettled(video.id, second!.id, owner.cookie);
      expect(later.status).toBe('ready');
      expect(later.analysis!.playerDetections.length).toBeGreaterThan(0);
      for (const detection of later.analysis!.playerDetections) {
        expect(detection.rangeId).toBe(second!.id);
        expect(detection.timestamp).toBeGreaterThanOrEqual(7);
        expect(detection.timestamp).toBeLessThanOrEqual(13);
      }
      for (const event of later.analysis!.athletes[0]!.events) {
        expect(event.t).toBeGreaterThanOrEqual(7);
      }

      // Each range reported its own progress on the event stream.
      while (!recorded.events.some((e) => e.id === second!.id && e.status === 'ready')) {
        await sleep(50);
      }
      recorded.stop();
      for (const range of [first!, second!]) {
        const own = recorded.events.filter((e) => e.id === range.id);
        expect(own.every((e) => e.videoId === video.id)).toBe(true);
        expect(own.map((e) => e.status)).toEqual(
          expect.arrayContaining(['scanning', 'analysing', 'ready']),
        );
        expect(own.at(-1)).toMatchObject({ status: 'ready', progress: 100 });
      }
      expect(recorded.events.some((e) => e.id === second!.id && e.status === 'cancelled')).toBe(
        true,
      );
    },
  );

  it('lets viewers see ranges but only editors choose or stop them; strangers are told nothing; bad ranges get a 400 or 409 that names the problem', async () => {
    const owner = await registerAccount(ctx.app);
    const viewer = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const video = await longVideo(owner);
    await ctx.database.db.insert(videoShares).values({
      videoId: video.id,
      sharedWithEmail: viewer.username,
      accessLevel: 'view',
      sharedById: owner.user.id,
    });
    // A range already being analysed, which no job is working on in this test.
    const [running] = await ctx.database.db
      .insert(analysisRanges)
      .values({ videoId: video.id, startSeconds: 2, endSeconds: 5, status: 'scanning' })
      .returning();

    expect((await listRanges(video.id, viewer.cookie)).ranges.map((r) => r.id)).toEqual([
      running!.id,
    ]);
    const strangerList = await ctx.app.inject({
      url: rangesUrl(video.id),
      headers: { cookie: stranger.cookie },
    });
    expect(strangerList.statusCode).toBe(404);
    const asked = { ranges: [{ start: 6, end: 9 }] };
    expect((await post(rangesUrl(video.id), viewer.cookie, asked)).statusCode).toBe(403);
    expect((await post(rangesUrl(video.id), stranger.cookie, asked)).statusCode).toBe(404);
    const cancelUrl = `${rangesUrl(video.id)}/${running!.id}/cancel`;
    expect((await post(cancelUrl, viewer.cookie)).statusCode).toBe(403);
    expect((await post(cancelUrl, stranger.cookie)).statusCode).toBe(404);
    // A range of another video, asked for through this one, does not exist.
    const other = await longVideo(stranger);
    const [elsewhere] = await ctx.database.db
      .insert(analysisRanges)
      .values({ videoId: other.id, startSeconds: 2, endSeconds: 5, status: 'cancelled' })
      .returning();
    const borrowed = await post(`${rangesUrl(video.id)}/${elsewhere!.id}/restart`, owner.cookie);
    expect(borrowed.statusCode).toBe(404);

    const refused = async (ranges: object, status: number, message: RegExp) => {
      const response = await post(rangesUrl(video.id), owner.cookie, { ranges });
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
    };
    await refused([{ start: 8, end: 8 }], 400, /end must be after start/);
    await refused([{ start: 9, end: 3 }], 400, /end must be after start/);
    await refused([{ start: 6, end: 40 }], 400, /0:06–0:40 is outside the video, which is 0:13/);
    await refused([{ start: -1, end: 3 }], 400, /start must be 0 seconds or more/);
    await refused([{ start: 6, end: 6.5 }], 400, /too short: a range must last at least 1 s/);
    await refused([], 400, /Choose at least one range/);
    await refused(
      Array.from({ length: 21 }, (_, i) => ({ start: i * 0.5, end: i * 0.5 + 0.2 })),
      400,
      /At most 20 ranges at once/,
    );
    await refused(
      [
        { start: 6, end: 9 },
        { start: 8, end: 11 },
      ],
      400,
      /0:06–0:09 and 0:08–0:11 overlap/,
    );
    await refused([{ start: 4, end: 8 }], 409, /overlaps 0:02–0:05, which is being analysed/);
    const restartRunning = await post(
      `${rangesUrl(video.id)}/${running!.id}/restart`,
      owner.cookie,
    );
    expect(restartRunning.statusCode).toBe(409);
    expect(restartRunning.json().message).toMatch(/Only a failed or cancelled range/);

    // Nothing refused was stored.
    expect((await listRanges(video.id, owner.cookie)).ranges).toHaveLength(1);
  });
});
