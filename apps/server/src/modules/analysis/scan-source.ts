import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import { analyses } from '../../db/schema';
import { workSourceOf } from '../../lib/work-source';
import type { Log } from '../../lib/logger';
import type { BlobStore } from '../../storage';
import { scanKey } from './scan-keys';

/**
 * What a scan is a function of: the prepared file's bytes, the scan settings and the code that
 * scans. Two videos with the same source have the same tracks, so the second takes the first's
 * scan instead of minutes of CPU: the same clip shared to a second team by upload, or uploaded
 * again after a delete, is analysed at once.
 */
export function scanSourceOf(file: string, vision: Config['vision']): Promise<string> {
  return workSourceOf(file, `fps=${vision.fps};dense=${vision.denseShare}`);
}

/** How often a job waiting for another video's scan of the same source looks again. */
const WAIT_INTERVAL_MS = 1_000;
/**
 * A scan writes its progress every second; one silent for this long belongs to a process that
 * stopped (its job will be retried), so nobody waits for it.
 */
const STALLED_AFTER_MS = 60_000;

type ReuseDependencies = {
  db: Database;
  blobs: BlobStore;
  log: Log;
  saveProgress: (progress: number) => Promise<unknown>;
};

type SourceDecision =
  { kind: 'copy'; from: string } | { kind: 'wait'; progress: number } | { kind: 'scan' };

/**
 * What a video's scan does about others of the same source, decided one job at a time per
 * source (an advisory lock): copy a finished scan, wait for one running, or claim the source
 * and scan. Only a video that scans (or has its scan) records the source, so a waiting job is
 * never waited for and two jobs never wait for each other.
 */
async function decide(db: Database, source: string, videoId: string): Promise<SourceDecision> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${source}, 0))`);
    const others = await tx
      .select({
        videoId: analyses.videoId,
        status: analyses.status,
        scanKey: analyses.scanKey,
        progress: analyses.progress,
        updatedAt: analyses.updatedAt,
      })
      .from(analyses)
      .where(and(eq(analyses.scanSource, source), ne(analyses.videoId, videoId)));
    const finished = others.find(
      (other) => other.scanKey !== null && ['analysing', 'ready'].includes(other.status),
    );
    if (finished) return { kind: 'copy', from: finished.videoId };
    const running = others.find(
      (other) =>
        other.status === 'scanning' && Date.now() - other.updatedAt.getTime() < STALLED_AFTER_MS,
    );
    if (running) return { kind: 'wait', progress: running.progress };
    await tx.update(analyses).set({ scanSource: source }).where(eq(analyses.videoId, videoId));
    return { kind: 'scan' };
  });
}

/**
 * Gives the video the finished scan of another video made from the same source. When such a
 * scan is still running (the same clip uploaded twice in a row), waits for it, showing its
 * progress. False when there is none, it failed, or it went while being copied: then the
 * video has claimed the source and is scanned itself.
 */
export async function reuseScanOfSameSource(
  deps: ReuseDependencies,
  source: string,
  videoId: string,
  signal: AbortSignal,
): Promise<boolean> {
  for (;;) {
    signal.throwIfAborted();
    const decision = await decide(deps.db, source, videoId);
    if (decision.kind === 'scan') return false;
    if (decision.kind === 'copy') {
      const copied = await copyScan(deps, decision.from, videoId);
      // Copied, it is found as a finished scan of the source once its analysis is written;
      // not copied, it scans the source itself.
      await deps.db
        .update(analyses)
        .set({ scanSource: source })
        .where(eq(analyses.videoId, videoId));
      return copied;
    }
    await deps.saveProgress(decision.progress);
    await sleep(WAIT_INTERVAL_MS, undefined, { signal });
  }
}

async function copyScan(deps: ReuseDependencies, original: string, videoId: string) {
  try {
    await deps.blobs.write(scanKey(videoId), await deps.blobs.read(scanKey(original)), {
      contentType: 'application/gzip',
    });
  } catch (error) {
    deps.log.warn({ err: error, videoId, original }, 'could not reuse the scan of the same source');
    return false;
  }
  deps.log.info({ videoId, original }, 'reused the scan of a video of the same source');
  return true;
}
