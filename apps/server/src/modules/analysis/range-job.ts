import { scanVideo } from '@filmroom/vision';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';
import { analysisRanges } from '../../db/schema';
import type { Log } from '../../lib/logger';
import { videoKeys } from '../../storage';
import { writeUp, type AnalysisDependencies } from './generate-analysis';
import { ACTIVE_RANGE_STATUSES, updateRange } from './range-store';

type Dependencies = AnalysisDependencies & { log: Log; config: Config };

const PROGRESS_INTERVAL_MS = 1_000;

/**
 * analysis.range: scans only the chosen part of the video (ffmpeg seeks to it) and writes it
 * up. Every write is conditional on the range still running, so a range cancelled meanwhile
 * stays cancelled even if this job has not yet heard of it.
 */
export async function analyseRange(deps: Dependencies, rangeId: string, signal: AbortSignal) {
  const { db, blobs, log, config } = deps;
  const [range] = await db.select().from(analysisRanges).where(eq(analysisRanges.id, rangeId));
  if (!range || !ACTIVE_RANGE_STATUSES.includes(range.status)) return;
  const media = videoKeys.media(range.videoId);
  if (!(await blobs.stat(media))) return; // deleted meanwhile
  const running = await updateRange(db, rangeId, ACTIVE_RANGE_STATUSES, {
    status: 'scanning',
    progress: 0,
    failureReason: null,
  });
  if (!running) return;
  let lastWrite = 0;
  const scan = await blobs.withLocalCopy(media, (file) =>
    scanVideo(file, {
      fps: config.vision.fps,
      dense: config.vision.denseShare > 0 ? { share: config.vision.denseShare } : false,
      workers: config.vision.workers,
      range: { from: range.startSeconds, to: range.endSeconds },
      signal,
      onProgress: (fraction) => {
        if (Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
        lastWrite = Date.now();
        void updateRange(db, rangeId, ['scanning'], { progress: Math.floor(fraction * 95) }).catch(
          (error: unknown) => log.warn({ err: error, rangeId }, 'could not record range progress'),
        );
      },
    }),
  );
  if (!(await updateRange(db, rangeId, ['scanning'], { status: 'analysing', progress: 95 }))) {
    return;
  }
  const { timings: _timings, ...measured } = scan;
  // The write-up speaks of the range's length ("in this 90 s clip"), not the whole video's.
  const written = await writeUp(deps, range.videoId, {
    ...measured,
    duration: range.endSeconds - range.startSeconds,
  });
  await updateRange(db, rangeId, ['analysing'], {
    status: 'ready',
    progress: 100,
    textAnalysis: written.textAnalysis,
    overallFeedback: written.overallFeedback,
    coachingPoints: written.coachingPoints.map((point) => ({ ...point, rangeId })),
    playerDetections: written.playerDetections.map((detection) => ({ ...detection, rangeId })),
    keyMetric: written.keyMetric,
    athletes: written.athletes,
  });
}

export async function giveUpOnRange(db: Database, rangeId: string) {
  await updateRange(db, rangeId, ACTIVE_RANGE_STATUSES, {
    status: 'failed',
    failureReason: 'This range could not be analysed.',
  });
}
