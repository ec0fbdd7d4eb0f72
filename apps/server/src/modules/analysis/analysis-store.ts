import type { Analysis, AnalysisState } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { analyses, type AnalysisRow } from '../../db/schema';
import { VideoEvents } from '../videos/video-events';

export async function findAnalysis(
  db: Database,
  videoId: string,
): Promise<AnalysisRow | undefined> {
  const [row] = await db.select().from(analyses).where(eq(analyses.videoId, videoId));
  return row;
}

/** Creates or changes a video's analysis row. */
export async function saveAnalysis(
  db: Database,
  videoId: string,
  changes: Partial<Omit<AnalysisRow, 'videoId'>>,
): Promise<AnalysisRow | undefined> {
  const values = { ...changes, updatedAt: new Date() };
  const [row] = await db
    .insert(analyses)
    .values({ videoId, ...values })
    .onConflictDoUpdate({ target: analyses.videoId, set: values })
    .returning();
  if (row) await VideoEvents.publishAnalysis(db.$client, toAnalysisState(row));
  return row;
}

export function toAnalysisState(row: AnalysisRow): AnalysisState {
  return {
    id: row.videoId,
    status: row.status,
    progress: row.progress,
    failureReason: row.failureReason,
  };
}

/** The analysis as the API shows it: only once the coach engine has written it. */
export function toAnalysisView(row: AnalysisRow | undefined): Analysis | null {
  if (!row || row.textAnalysis === null) return null;
  return {
    textAnalysis: row.textAnalysis,
    overallFeedback: row.overallFeedback,
    coachingPoints: row.coachingPoints ?? [],
    playerDetections: row.playerDetections ?? [],
    keyMetric: row.keyMetric,
  };
}
