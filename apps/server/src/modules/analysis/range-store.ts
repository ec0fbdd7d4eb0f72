import type { AnalysisRange, AnalysisRangeStatus } from '@filmroom/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { analysisRanges, type AnalysisRangeRow } from '../../db/schema';
import { VideoEvents } from '../events';

/** A range whose job is still to run or running: it holds its part of the video. */
export const ACTIVE_RANGE_STATUSES: AnalysisRangeStatus[] = ['queued', 'scanning', 'analysing'];

export async function listRanges(db: Database, videoId: string): Promise<AnalysisRangeRow[]> {
  return db
    .select()
    .from(analysisRanges)
    .where(eq(analysisRanges.videoId, videoId))
    .orderBy(asc(analysisRanges.createdAt), asc(analysisRanges.startSeconds));
}

export async function findRange(
  db: Database,
  videoId: string,
  rangeId: string,
): Promise<AnalysisRangeRow | undefined> {
  const [row] = await db
    .select()
    .from(analysisRanges)
    .where(and(eq(analysisRanges.id, rangeId), eq(analysisRanges.videoId, videoId)));
  return row;
}

/**
 * Changes a range, only while its status is one of `from` (a cancelled range stays cancelled
 * whatever its job still writes), and tells the video's viewers. Undefined when nothing changed.
 */
export async function updateRange(
  db: Database,
  rangeId: string,
  from: AnalysisRangeStatus[],
  changes: Partial<Omit<AnalysisRangeRow, 'id' | 'videoId'>>,
): Promise<AnalysisRangeRow | undefined> {
  const [row] = await db
    .update(analysisRanges)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(analysisRanges.id, rangeId), inArray(analysisRanges.status, from)))
    .returning();
  if (row) await publishRange(db, row);
  return row;
}

export async function publishRange(db: Database, row: AnalysisRangeRow): Promise<void> {
  await VideoEvents.publishAnalysisRange(db.$client, {
    id: row.id,
    videoId: row.videoId,
    status: row.status,
    progress: row.progress,
    failureReason: row.failureReason,
  });
}

export function toRangeView(row: AnalysisRangeRow): AnalysisRange {
  return {
    id: row.id,
    videoId: row.videoId,
    start: row.startSeconds,
    end: row.endSeconds,
    status: row.status,
    progress: row.progress,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    analysis:
      row.status === 'ready' && row.textAnalysis !== null
        ? {
            textAnalysis: row.textAnalysis,
            overallFeedback: row.overallFeedback,
            coachingPoints: row.coachingPoints ?? [],
            playerDetections: row.playerDetections ?? [],
            keyMetric: row.keyMetric,
            athletes: row.athletes ?? [],
          }
        : null,
  };
}
