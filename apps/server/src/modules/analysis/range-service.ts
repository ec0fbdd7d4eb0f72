import {
  MAX_ANALYSIS_RANGES,
  MIN_ANALYSIS_RANGE_SECONDS,
  type AnalysisRange,
  type AnalysisRanges,
  type NewAnalysisRanges,
} from '@filmroom/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import { analysisRanges, videos, type AnalysisRangeRow, type UserRow } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { requireAccess } from '../access';
import {
  ACTIVE_RANGE_STATUSES,
  findRange,
  listRanges,
  publishRange,
  toRangeView,
  updateRange,
} from './range-store';

export type RangeDependencies = {
  db: Database;
  pool: pg.Pool;
  jobs: JobQueue;
  autoAnalysisMaxSeconds: number;
};

// A range marked on the player may end on the last frame, which the stored duration can round below.
const END_SLACK = 0.05;
const RANGE_NOT_FOUND = 'Analysis range not found';

type Span = { start: number; end: number };

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
};
const spanText = (span: Span) => `${clock(span.start)}–${clock(span.end)}`;

/** The chosen ranges of a video and their results (view access). */
export async function listAnalysisRanges(
  deps: RangeDependencies,
  user: UserRow,
  videoId: string,
): Promise<AnalysisRanges> {
  await requireAccess(deps.db, user, 'video.read', videoId);
  return {
    autoAnalysisMaxSeconds: deps.autoAnalysisMaxSeconds,
    ranges: (await listRanges(deps.db, videoId)).map(toRangeView),
  };
}

/**
 * Starts the analysis of chosen ranges (edit access): one row and one job each, committed
 * together. The video's row is locked meanwhile, so two requests never both take the same part.
 */
export async function startAnalysisRanges(
  deps: RangeDependencies,
  user: UserRow,
  videoId: string,
  body: NewAnalysisRanges,
): Promise<AnalysisRange[]> {
  await requireAccess(deps.db, user, 'video.edit', videoId);
  const wanted = [...body.ranges].sort((a, b) => a.start - b.start);
  return inTransaction(deps.pool, async (client) => {
    const tx = drizzle(client);
    const [video] = await tx
      .select({ status: videos.status, duration: videos.duration })
      .from(videos)
      .where(eq(videos.id, videoId))
      .for('update');
    if (!video) throw notFound('Video not found');
    if (video.status !== 'ready' || video.duration === null) {
      throw conflict('The video is still being prepared: choose ranges once it is ready');
    }
    const duration = video.duration;
    for (const range of wanted) {
      if (range.start >= duration || range.end > duration + END_SLACK) {
        throw badRequest(
          `The range ${spanText(range)} is outside the video, which is ${clock(duration)} long`,
        );
      }
      if (range.end - range.start < MIN_ANALYSIS_RANGE_SECONDS) {
        throw badRequest(
          `The range ${spanText(range)} is too short: a range must last at least ${MIN_ANALYSIS_RANGE_SECONDS} s`,
        );
      }
    }
    wanted.slice(1).forEach((range, i) => {
      if (overlaps(range, wanted[i]!)) {
        throw badRequest(`The ranges ${spanText(wanted[i]!)} and ${spanText(range)} overlap`);
      }
    });
    const kept = await tx
      .select()
      .from(analysisRanges)
      .where(
        and(
          eq(analysisRanges.videoId, videoId),
          notInArray(analysisRanges.status, ['cancelled', 'failed']),
        ),
      );
    if (kept.length + wanted.length > MAX_ANALYSIS_RANGES) {
      throw badRequest(
        `A video can have at most ${MAX_ANALYSIS_RANGES} analysed ranges; it has ${kept.length}`,
      );
    }
    for (const range of wanted) {
      const running = kept.find(
        (row) => ACTIVE_RANGE_STATUSES.includes(row.status) && overlaps(range, spanOf(row)),
      );
      if (running) {
        throw conflict(
          `The range ${spanText(range)} overlaps ${spanText(spanOf(running))}, which is being analysed`,
        );
      }
    }
    const rows = await tx
      .insert(analysisRanges)
      .values(
        wanted.map((range) => ({
          videoId,
          startSeconds: range.start,
          endSeconds: Math.min(range.end, duration),
          createdBy: user.id,
        })),
      )
      .returning();
    for (const row of rows) {
      await deps.jobs.send('analysis.range', { videoId, rangeId: row.id }, client);
    }
    return rows;
  }).then(async (rows) => {
    for (const row of rows) await publishRange(deps.db, row);
    return rows.map(toRangeView);
  });
}

/** Stops a range's analysis (edit access): its job is cancelled wherever it runs. */
export async function cancelAnalysisRange(
  deps: RangeDependencies,
  user: UserRow,
  videoId: string,
  rangeId: string,
): Promise<AnalysisRange> {
  await requireAccess(deps.db, user, 'video.edit', videoId);
  const row = await requireRange(deps.db, videoId, rangeId);
  const cancelled = await updateRange(deps.db, row.id, ACTIVE_RANGE_STATUSES, {
    status: 'cancelled',
    failureReason: null,
  });
  if (!cancelled) {
    throw conflict(`The range ${spanText(spanOf(row))} is not being analysed: it is ${row.status}`);
  }
  await deps.jobs.cancelJobsOf({ rangeId: row.id });
  return toRangeView(cancelled);
}

/** Starts a failed or cancelled range again (edit access), from the beginning. */
export async function restartAnalysisRange(
  deps: RangeDependencies,
  user: UserRow,
  videoId: string,
  rangeId: string,
): Promise<AnalysisRange> {
  await requireAccess(deps.db, user, 'video.edit', videoId);
  const restarted = await inTransaction(deps.pool, async (client) => {
    const tx = drizzle(client);
    await tx.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId)).for('update');
    const [row] = await tx
      .select()
      .from(analysisRanges)
      .where(and(eq(analysisRanges.id, rangeId), eq(analysisRanges.videoId, videoId)));
    if (!row) throw notFound(RANGE_NOT_FOUND);
    if (row.status !== 'failed' && row.status !== 'cancelled') {
      throw conflict(
        `Only a failed or cancelled range can be started again; ${spanText(spanOf(row))} is ${row.status}`,
      );
    }
    const running = await tx
      .select()
      .from(analysisRanges)
      .where(
        and(
          eq(analysisRanges.videoId, videoId),
          inArray(analysisRanges.status, ACTIVE_RANGE_STATUSES),
          sql`${analysisRanges.startSeconds} < ${row.endSeconds}`,
          sql`${row.startSeconds} < ${analysisRanges.endSeconds}`,
        ),
      );
    if (running[0]) {
      throw conflict(
        `The range ${spanText(spanOf(row))} overlaps ${spanText(spanOf(running[0]))}, which is being analysed`,
      );
    }
    const [queued] = await tx
      .update(analysisRanges)
      .set({
        status: 'queued',
        progress: 0,
        failureReason: null,
        createdBy: user.id,
        updatedAt: new Date(),
      })
      .where(eq(analysisRanges.id, row.id))
      .returning();
    await deps.jobs.send('analysis.range', { videoId, rangeId: row.id }, client);
    return queued!;
  });
  await publishRange(deps.db, restarted);
  return toRangeView(restarted);
}

async function requireRange(db: Database, videoId: string, rangeId: string) {
  const row = await findRange(db, videoId, rangeId);
  if (!row) throw notFound(RANGE_NOT_FOUND);
  return row;
}

const spanOf = (row: AnalysisRangeRow): Span => ({ start: row.startSeconds, end: row.endSeconds });
