import { AUTO_DETECT, type Analysis, type AnalysisState, type Timing } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { analyses, type AnalysisRow, type VideoRow } from '../../db/schema';
import { VideoEvents } from '../events';

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

/** What an analysis view reads from its video: the coach's movement and slow-motion setting. */
export type CoachSettingsRow = Pick<VideoRow, 'movement' | 'slowMotionFactor' | 'slowMotionSource'>;

/**
 * The analysis as the API shows it: only once the coach engine has written it. The movement
 * and timing come from the video, where the upload and Regenerate keep them.
 */
export function toAnalysisView(
  row: AnalysisRow | undefined,
  video: CoachSettingsRow,
): Analysis | null {
  if (!row || row.textAnalysis === null) return null;
  return {
    textAnalysis: row.textAnalysis,
    overallFeedback: row.overallFeedback,
    coachingPoints: row.coachingPoints ?? [],
    playerDetections: row.playerDetections ?? [],
    keyMetric: row.keyMetric,
    athletes: row.athletes ?? [],
    movement: video.movement ?? AUTO_DETECT,
    timing: toTiming(video, row.athletes?.[0]?.detectedSlowMotion),
  };
}

/** What the file or the coach declared; else what the main athlete's movement showed. */
function toTiming(video: CoachSettingsRow, detected: number | undefined): Timing {
  if (video.slowMotionFactor === null)
    return detected
      ? { slowMotionFactor: detected, source: 'detected' }
      : { slowMotionFactor: null, source: null };
  return { slowMotionFactor: video.slowMotionFactor, source: video.slowMotionSource };
}
