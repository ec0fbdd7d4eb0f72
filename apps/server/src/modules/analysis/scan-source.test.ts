import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/accounts';
import { storeScan } from '../../../test/scans';
import { useTestApp } from '../../../test/test-app';
import { fixture, uploadVideo } from '../../../test/uploads';
import { analyses } from '../../db/schema';
import { saveAnalysis } from './analysis-store';
import { scanKey } from './scan-keys';
import { reuseScanOfSameSource, scanSourceOf } from './scan-source';

const ctx = useTestApp();
const folder = await mkdtemp(path.join(tmpdir(), 'filmroom-scan-source-'));
afterAll(() => rm(folder, { recursive: true, force: true }));

const vision = { workers: 2, fps: 5, denseShare: 0 };

describe('the source of a scan', () => {
  it('is the same for a copy of the file, whatever its name or worker count', async () => {
    const copy = path.join(folder, 'copy.mp4');
    await copyFile(fixture('video/squats_single_person.mp4'), copy);
    expect(await scanSourceOf(copy, { ...vision, workers: 1 })).toBe(
      await scanSourceOf(fixture('video/squats_single_person.mp4'), vision),
    );
  });

  it('differs for other bytes and for other scan settings', async () => {
    const squats = fixture('video/squats_single_person.mp4');
    const source = await scanSourceOf(squats, vision);
    expect(
      await scanSourceOf(fixture('video/golf_down-the-line-simulator-indoor.mp4'), vision),
    ).not.toBe(source);
    expect(await scanSourceOf(squats, { ...vision, fps: 10 })).not.toBe(source);
    expect(await scanSourceOf(squats, { ...vision, denseShare: 0.5 })).not.toBe(source);
  });
});

describe('a scan of the same source', () => {
  /** Two videos (their uploads are only there for the rows), the first with the smaller id. */
  async function twoVideos() {
    const { cookie } = await registerAccount(ctx.app);
    const ids = [
      (await uploadVideo(ctx.app, cookie)).id,
      (await uploadVideo(ctx.app, cookie)).id,
    ].sort();
    return { first: ids[0]!, second: ids[1]! };
  }

  const reuse = (
    videoId: string,
    source: string,
    progress: number[] = [],
    signal = AbortSignal.timeout(60_000),
  ) =>
    reuseScanOfSameSource(
      {
        db: ctx.database.db,
        blobs: ctx.runtime.deps.blobs,
        log: pino({ level: 'silent' }),
        saveProgress: async (value) => progress.push(value),
      },
      source,
      videoId,
      signal,
    );

  const finishScan = async (videoId: string) => {
    await storeScan(ctx.runtime.deps.blobs, videoId, []);
    await saveAnalysis(ctx.database.db, videoId, {
      status: 'analysing',
      scanKey: scanKey(videoId),
    });
  };
  const read = async (id: string) => buffer(await ctx.runtime.deps.blobs.read(scanKey(id)));

  it('is waited for while it runs, whichever video has it, with its progress shown, then copied', async () => {
    const { first, second } = await twoVideos();
    // The video with the larger id started first: the other waits for it all the same.
    await saveAnalysis(ctx.database.db, second, {
      status: 'scanning',
      progress: 40,
      scanSource: 'same-file',
    });
    await saveAnalysis(ctx.database.db, first, { status: 'scanning', progress: 0 });
    const progress: number[] = [];
    const waiting = reuse(first, 'same-file', progress);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await finishScan(second);

    expect(await waiting).toBe(true);
    expect(progress[0]).toBe(40);
    expect(await read(first)).toEqual(await read(second));
    const [copied] = await ctx.database.db
      .select({ scanSource: analyses.scanSource })
      .from(analyses)
      .where(eq(analyses.videoId, first));
    expect(copied?.scanSource).toBe('same-file');
  });

  it('is made by one of two videos that ask at once, and the other waits for it', async () => {
    const { first, second } = await twoVideos();
    for (const id of [first, second]) {
      await saveAnalysis(ctx.database.db, id, { status: 'scanning', progress: 0 });
    }
    const asked = [reuse(first, 'together'), reuse(second, 'together')];
    const scanner = await Promise.race(
      asked.map((reused, index) => reused.then((value) => ({ reused: value, index }))),
    );
    expect(scanner.reused).toBe(false);
    const scanning = [first, second][scanner.index]!;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await finishScan(scanning);
    expect(await asked[1 - scanner.index]).toBe(true);
  });

  it('is not waited for when it has stalled or failed', async () => {
    const { first, second } = await twoVideos();
    // A scan silent for minutes belongs to a process that stopped.
    await saveAnalysis(ctx.database.db, first, { status: 'scanning', scanSource: 'stalled' });
    await ctx.database.db
      .update(analyses)
      .set({ updatedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(analyses.videoId, first));
    expect(await reuse(second, 'stalled')).toBe(false);

    await saveAnalysis(ctx.database.db, first, { status: 'failed', scanSource: 'failed' });
    expect(await reuse(second, 'failed')).toBe(false);
  });
});
