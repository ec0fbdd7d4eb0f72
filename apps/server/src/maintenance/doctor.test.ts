import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerAccount } from '../../test/accounts';
import { eventually } from '../../test/processes';
import { useTestApp } from '../../test/test-app';
import { analysisRanges, clips, users, videoExports, videos } from '../db/schema';
import { videoKeys, WorkFolders } from '../storage';
import { sweepOrphanedBlobs } from './blob-inventory';
import { examine } from './doctor';
import { Upload } from '@tus/server';
import { createResumableStore } from '../modules/videos/resumable-store';
import { resumableUploadsFolder } from '../modules/videos';

const ctx = useTestApp();
const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

let ownerId: string;
beforeEach(async () => {
  // Every case starts from an empty store and database.
  await ctx.runtime.deps.db.delete(videos);
  await ctx.runtime.deps.pool.query('DELETE FROM pgboss.job');
  for (const folder of ['videos/', 'incoming/', 'users/', 'exports/']) {
    await ctx.runtime.deps.blobs.deletePrefix(folder);
  }
  const account = await registerAccount(ctx.app);
  const [user] = await ctx.runtime.deps.db
    .select()
    .from(users)
    .where(eq(users.username, account.username));
  ownerId = user!.id;
});

const writeBlob = (key: string, modifiedAt?: Date) =>
  ctx.runtime.deps.blobs
    .write(key, Readable.from([Buffer.from('x')]))
    .then(() =>
      modifiedAt ? utimes(path.join(ctx.dataDir, 'blobs', key), modifiedAt, modifiedAt) : undefined,
    );

/** A prepared video with every file in place. */
async function healthyVideo(changes: Partial<typeof videos.$inferInsert> = {}) {
  const id = randomUUID();
  await ctx.runtime.deps.db.insert(videos).values({
    id,
    ownerId,
    title: 'Match',
    originalKey: videoKeys.original(id),
    originalType: 'video/mp4',
    originalBytes: 1,
    mediaKey: videoKeys.media(id),
    posterKey: videoKeys.poster(id),
    thumbnailKey: videoKeys.thumbnail(id),
    status: 'ready',
    progress: 100,
    ...changes,
  });
  for (const key of [videoKeys.original, videoKeys.media, videoKeys.poster, videoKeys.thumbnail]) {
    await writeBlob(key(id));
  }
  return id;
}

const problemsOf = async () =>
  (await examine(ctx.runtime.deps)).problems.map(({ check, subject }) => ({ check, subject }));

describe('npm run doctor: the storage invariants', () => {
  it('finds nothing wrong with a healthy video', async () => {
    await healthyVideo();
    const report = await examine(ctx.runtime.deps);
    expect(report.problems).toEqual([]);
    expect(report.unchecked).toEqual([]);
    expect(report.counts).toMatchObject({ videos: 1, blobs: 4 });
  });

  it('reports a row whose file is missing', async () => {
    const id = await healthyVideo();
    await ctx.runtime.deps.blobs.delete(videoKeys.poster(id));
    expect(await problemsOf()).toEqual([{ check: 'missing blob', subject: videoKeys.poster(id) }]);
  });

  it('reports an hour-old file no row refers to; a younger one is work in progress', async () => {
    const old = videoKeys.original(randomUUID());
    await writeBlob(old, TWO_HOURS_AGO);
    await writeBlob(videoKeys.incoming(randomUUID()));
    const report = await examine(ctx.runtime.deps);
    expect(report.problems.map((finding) => finding.subject)).toEqual([old]);
    expect(report.inProgress).toHaveLength(1);
    expect(report.inProgress[0]!.detail).toContain('never committed');
  });

  it('reports a video still processing with no job to prepare it, until one is queued', async () => {
    const id = await healthyVideo({ status: 'processing', progress: 10 });
    expect(await problemsOf()).toEqual([{ check: 'stuck video', subject: `video ${id}` }]);
    await ctx.runtime.deps.jobs.send('media.prepare', { videoId: id });
    expect(await problemsOf()).toEqual([]);
  });

  it('reports a chosen range still being analysed with no job to finish it, until one is queued', async () => {
    const id = await healthyVideo({ duration: 600 });
    const [range] = await ctx.runtime.deps.db
      .insert(analysisRanges)
      .values({ videoId: id, startSeconds: 60, endSeconds: 120, status: 'scanning' })
      .returning();
    expect(await problemsOf()).toEqual([
      { check: 'stuck analysis', subject: `the analysis of range ${range!.id} of video ${id}` },
    ]);
    await ctx.runtime.deps.jobs.send('analysis.range', { videoId: id, rangeId: range!.id });
    expect(await problemsOf()).toEqual([]);
  });

  it('reports a failure nobody is told the reason for', async () => {
    const id = await healthyVideo({ status: 'failed', failureReason: ' ' });
    expect(await problemsOf()).toEqual([
      { check: 'failure without a reason', subject: `video ${id}` },
    ]);
  });

  // The doctor is asked as of a minute or an hour from now: the queue's own supervisor, which
  // every process runs, sees the job as fine until then and leaves it alone meanwhile.
  const examineIn = (ms: number) =>
    examine({ ...ctx.runtime.deps, now: new Date(Date.now() + ms) }).then((report) =>
      report.problems.filter((finding) => finding.check === 'stuck job'),
    );

  /** A media.prepare job marked running, as a worker that took it left it. */
  async function runningJob(changes: string) {
    const id = await healthyVideo({ status: 'processing' });
    const jobId = (await ctx.runtime.deps.jobs.send('media.prepare', { videoId: id }))!;
    await ctx.runtime.deps.pool.query(
      `UPDATE pgboss.job SET state = 'active', started_on = now(), ${changes} WHERE id = $1`,
      [jobId],
    );
    return jobId;
  }

  it('reports a job whose worker died, until the queue hands it back', async () => {
    const jobId = await runningJob('heartbeat_on = now()');
    expect(await examineIn(0)).toEqual([]);
    // A minute without a heartbeat: its worker has stopped.
    expect(await examineIn(60_000)).toEqual([
      {
        check: 'stuck job',
        subject: `media.prepare ${jobId}`,
        detail: 'its worker has sent no heartbeat for 1 min: it has stopped',
      },
    ]);

    // No worker runs in this process; its supervisor hands the job back for another attempt.
    await ctx.runtime.deps.pool.query(
      `UPDATE pgboss.job SET heartbeat_on = now() - interval '1 minute' WHERE id = $1`,
      [jobId],
    );
    const state = async () =>
      (
        await ctx.runtime.deps.pool.query<{ state: string }>(
          'SELECT state FROM pgboss.job WHERE id = $1',
          [jobId],
        )
      ).rows[0]!.state;
    expect(await eventually(async () => (await state()) === 'retry', 60_000)).toBe(true);
    expect(await problemsOf()).toEqual([]);
  });

  it('reports a job marked running that no worker has ever sent a heartbeat for', async () => {
    const jobId = await runningJob('heartbeat_on = NULL');
    expect(await examineIn(60_000)).toEqual([
      expect.objectContaining({ check: 'stuck job', subject: `media.prepare ${jobId}` }),
    ]);
  });

  it('reports a job that ran past its time limit', async () => {
    const jobId = await runningJob('heartbeat_on = now()');
    expect(await examineIn(2 * 60 * 60 * 1000)).toEqual([
      { check: 'stuck job', subject: `media.prepare ${jobId}`, detail: 'ran past its time limit' },
    ]);
  });
});

describe('the leftover sweep', () => {
  it('removes old files no row refers to, and keeps young ones and every referred file', async () => {
    const id = await healthyVideo();
    const oldOrphan = videoKeys.original(randomUUID());
    // A playlist's export lives outside every video's folder; left behind, it goes too.
    const oldPlaylistExport = `exports/${randomUUID()}.mp4`;
    const youngOrphan = videoKeys.incoming(randomUUID());
    await writeBlob(oldOrphan, TWO_HOURS_AGO);
    await writeBlob(oldPlaylistExport, TWO_HOURS_AGO);
    await writeBlob(youngOrphan);
    await utimes(
      path.join(ctx.dataDir, 'blobs', videoKeys.media(id)),
      TWO_HOURS_AGO,
      TWO_HOURS_AGO,
    );

    const cutoff = new Date(Date.now() - 60 * 60 * 1000);
    expect(await sweepOrphanedBlobs(ctx.runtime.deps.pool, ctx.runtime.deps.blobs, cutoff)).toBe(2);
    expect(await ctx.runtime.deps.blobs.stat(oldOrphan)).toBeNull();
    expect(await ctx.runtime.deps.blobs.stat(oldPlaylistExport)).toBeNull();
    expect(await ctx.runtime.deps.blobs.stat(youngOrphan)).not.toBeNull();
    expect(await ctx.runtime.deps.blobs.stat(videoKeys.media(id))).not.toBeNull();
  });
});

describe('clip cuts and exports', () => {
  it("keeps a clip's cut of its current range, and sweeps a cut of a range it no longer has", async () => {
    const id = await healthyVideo();
    const [clip] = await ctx.runtime.deps.db
      .insert(clips)
      .values({ ownerId, videoId: id, title: 'Drive', startTime: 1.25, endTime: 4 })
      .returning();
    const cut = videoKeys.clipCut(clip!);
    const stale = videoKeys.clipCut({ ...clip!, startTime: 0.5 });
    // Cut two hours ago, as after plays a while back; the cut is a cache: none is no problem.
    expect(await problemsOf()).toEqual([]);
    await writeBlob(cut, TWO_HOURS_AGO);
    await writeBlob(stale, TWO_HOURS_AGO);
    expect(await problemsOf()).toEqual([{ check: 'blob without a row', subject: stale }]);
    const cutoff = new Date(Date.now() - 60 * 60 * 1000);
    expect(await sweepOrphanedBlobs(ctx.runtime.deps.pool, ctx.runtime.deps.blobs, cutoff)).toBe(1);
    expect(await ctx.runtime.deps.blobs.stat(cut)).not.toBeNull();
    expect(await ctx.runtime.deps.blobs.stat(stale)).toBeNull();
  });

  it('reports an export still queued that no job will make', async () => {
    const id = await healthyVideo();
    const [queued] = await ctx.runtime.deps.db
      .insert(videoExports)
      .values({
        videoId: id,
        ownerId,
        startSeconds: 0,
        endSeconds: 2,
        overlays: ['drawings'],
        status: 'queued',
        progress: 0,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning();
    expect(await problemsOf()).toEqual([
      { check: 'stuck export', subject: `export ${queued!.id} of video ${id}` },
    ]);
  });
});

describe('resumable uploads', () => {
  it('lists the unfinished ones, and reports those left past their time or by a deleted account', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-doctor-'));
    try {
      const config = { ...ctx.config, dataDir };
      const { datastore } = await createResumableStore(config, ctx.runtime.deps.blobs);
      const day = 24 * 60 * 60 * 1000;
      const start = async (id: string, createdAt: Date, reservedFor?: string) => {
        await datastore.create(
          new Upload({
            id,
            size: 2 * 1024 ** 2,
            offset: 0,
            creation_date: createdAt.toISOString(),
          }),
        );
        if (!reservedFor) return;
        await ctx.runtime.deps.pool.query(
          'INSERT INTO upload_reservations (id, owner_id, bytes, expires_at) VALUES ($1, $2, $3, $4)',
          [id, reservedFor, 2 * 1024 ** 2, new Date(createdAt.getTime() + day)],
        );
      };
      const [underWay, abandoned, expired] = ['a', 'b', 'c'].map((c) => c.repeat(32));
      await start(underWay!, new Date(), ownerId);
      await start(abandoned!, new Date());
      await start(expired!, new Date(Date.now() - 2 * day), ownerId);
      const report = await examine({
        ...ctx.runtime.deps,
        resumableUploads: { directory: resumableUploadsFolder(config), expiryMs: day },
      });
      const named = (findings: { check: string; subject: string }[]) =>
        findings
          .filter((f) => f.check === 'unfinished upload')
          .map((f) => f.subject)
          .sort();
      expect(named(report.inProgress)).toEqual([`resumable upload ${underWay}`]);
      expect(named(report.problems)).toEqual([
        `resumable upload ${abandoned}`,
        `resumable upload ${expired}`,
      ]);
      expect(report.inProgress.find((f) => f.subject.endsWith(underWay!))!.detail).toMatch(
        /^[^']+'s, 0\.0 MB of 2\.0 MB received, last written \d+ s ago$/,
      );
    } finally {
      await ctx.runtime.deps.pool.query('DELETE FROM upload_reservations');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the leftover sweep and the streaming ladder', () => {
  it('keeps every segment and sprite of a video that has a ladder, and sweeps a ladder without one', async () => {
    const streamed = await healthyVideo();
    const ladder = [
      `${videoKeys.stream(streamed)}master.m3u8`,
      `${videoKeys.stream(streamed)}720p/index.m3u8`,
      `${videoKeys.stream(streamed)}720p/segment-00000.m4s`,
      `${videoKeys.storyboard(streamed)}storyboard.vtt`,
      `${videoKeys.storyboard(streamed)}sprite-001.jpg`,
    ];
    await ctx.runtime.deps.db
      .update(videos)
      .set({ streamKey: ladder[0], storyboardKey: ladder[3] })
      .where(eq(videos.id, streamed));
    // A ladder left by a run whose row never pointed at it (a crash before "ready").
    const unclaimed = await healthyVideo();
    const stray = `${videoKeys.stream(unclaimed)}360p/segment-00000.m4s`;
    for (const key of [...ladder, stray]) await writeBlob(key, TWO_HOURS_AGO);

    expect((await examine(ctx.runtime.deps)).problems).toEqual([
      expect.objectContaining({ check: 'blob without a row', subject: stray }),
    ]);
    const cutoff = new Date(Date.now() - 60 * 60 * 1000);
    expect(await sweepOrphanedBlobs(ctx.runtime.deps.pool, ctx.runtime.deps.blobs, cutoff)).toBe(1);
    for (const key of ladder) expect(await ctx.runtime.deps.blobs.stat(key), key).not.toBeNull();
  });
});

describe('work folders under DATA_DIR', () => {
  it('reports the folder of a process that stopped mid-work, and the sweep removes only that', async () => {
    const workFolders = WorkFolders.in(ctx.dataDir);
    // A process that has come and gone: its pid names no running process now.
    const stopped = spawnSync('true').pid;
    const left = path.join(workFolders.root, `prepare-${randomUUID()}-pid${stopped}-a1b2c3`);
    await mkdir(left, { recursive: true });
    await writeFile(path.join(left, 'media.mp4'), Buffer.alloc(1000));
    const mine = await workFolders.create('prepare');

    const report = await examine({ ...ctx.runtime.deps, workFolders });
    expect(report.problems).toEqual([
      {
        check: 'leftover work files',
        subject: left,
        detail: expect.stringMatching(
          new RegExp(`^left by a process that has stopped \\(pid ${stopped}\\), last written`),
        ) as string,
      },
    ]);
    expect(report.inProgress).toEqual([
      expect.objectContaining({ check: 'leftover work files', subject: mine }),
    ]);

    // Shared DATA_DIR: only the dead process's folder goes. Our own (exclusive) start: all but ours.
    expect(await workFolders.sweep({ exclusive: false })).toBe(1);
    expect(await readdir(workFolders.root)).toEqual([path.basename(mine)]);
    expect(await workFolders.sweep({ exclusive: true })).toBe(0);
    expect((await examine({ ...ctx.runtime.deps, workFolders })).problems).toEqual([]);
  });
});
