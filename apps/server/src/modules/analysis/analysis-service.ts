import {
  AUTO_DETECT,
  type Analysis,
  type PlayerDetection,
  type Poses,
  type RegenerateBody,
} from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { videos, type UserRow, type VideoRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { detectPlayers } from '../players';
import { requireAccess } from '../access';
import {
  findAnalysis,
  saveAnalysis,
  toAnalysisView,
  type CoachSettingsRow,
} from './analysis-store';
import {
  generateAnalysis,
  readScan,
  ScanNotReady,
  type AnalysisDependencies,
} from './generate-analysis';
import { toPoses } from './poses';
import { scanKey } from './scan-keys';

const NOT_MEASURED_YET = 'The video is still being analysed. Try again when the analysis appears.';

/** The measured body positions over time (view access), for drawing skeletons during playback. */
export async function findPoses(
  deps: Pick<AnalysisDependencies, 'db' | 'blobs'>,
  user: UserRow,
  videoId: string,
): Promise<Poses> {
  await requireAccess(deps.db, user, 'video.read', videoId);
  if (!(await deps.blobs.stat(scanKey(videoId)))) throw conflict(NOT_MEASURED_YET);
  return toPoses(await readScan(deps.blobs, videoId));
}

/**
 * Detect Players (edit access): matches the people in the video to the owner and the owner's
 * athletes again. With a written analysis, writes it again: the athletes' names in the readings
 * and the text come from the same identification as the detections.
 */
export async function detectPlayersAgain(
  deps: AnalysisDependencies,
  user: UserRow,
  videoId: string,
): Promise<PlayerDetection[]> {
  await requireAccess(deps.db, user, 'video.edit', videoId);
  if (!(await deps.blobs.stat(scanKey(videoId)))) throw conflict(NOT_MEASURED_YET);
  const written = await findAnalysis(deps.db, videoId);
  if (written?.textAnalysis != null) {
    const row = await generateAnalysis(deps, videoId, written.instructions ?? '');
    return row?.playerDetections ?? [];
  }
  const detections = await detectPlayers(deps.db, videoId, await readScan(deps.blobs, videoId));
  await saveAnalysis(deps.db, videoId, { playerDetections: detections });
  return detections;
}

/**
 * Regenerate (edit access): keeps the movement and slow-motion factor the editor chose on the
 * video, then runs the coach step again so the new reading uses them. A request that fails
 * leaves the video's settings as they were, so the stored choice always matches the reading
 * on show and the background analysis never picks up a choice nobody saw applied.
 */
export async function regenerateAnalysis(
  deps: AnalysisDependencies,
  user: UserRow,
  videoId: string,
  body: RegenerateBody,
): Promise<Analysis> {
  const { video } = await requireAccess(deps.db, user, 'video.edit', videoId);
  // Checked before anything is stored: a 409 changes nothing.
  if (!(await deps.blobs.stat(scanKey(videoId)))) throw conflict(NOT_MEASURED_YET);

  const changes = coachSettingChanges(video, body);
  const settings = changes ? await saveCoachSettings(deps.db, videoId, changes) : video;
  try {
    const row = await generateAnalysis(deps, videoId, body.instructions ?? '');
    return toAnalysisView(row, settings)!;
  } catch (error) {
    if (changes) {
      await saveCoachSettings(deps.db, videoId, pickCoachSettings(video)).catch(() => undefined);
    }
    if (error instanceof ScanNotReady) throw conflict(NOT_MEASURED_YET);
    throw error;
  }
}

/**
 * What the request changes on the video, or null for nothing. `auto` is stored as null (the
 * engine recognises the movement); a factor is the coach's say, and null withdraws it, falling
 * back to what the file's metadata said (a factor read from the file is not the coach's to clear).
 */
function coachSettingChanges(
  video: CoachSettingsRow,
  body: Pick<RegenerateBody, 'movement' | 'slowMotionFactor'>,
): Partial<CoachSettingsRow> | null {
  const changes: Partial<CoachSettingsRow> = {};
  if (body.movement !== undefined) {
    changes.movement = body.movement === AUTO_DETECT ? null : body.movement;
  }
  if (typeof body.slowMotionFactor === 'number') {
    changes.slowMotionFactor = body.slowMotionFactor;
    changes.slowMotionSource = 'coach';
  } else if (body.slowMotionFactor === null && video.slowMotionSource === 'coach') {
    changes.slowMotionFactor = null;
    changes.slowMotionSource = null;
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

function pickCoachSettings(video: VideoRow): CoachSettingsRow {
  return {
    movement: video.movement,
    slowMotionFactor: video.slowMotionFactor,
    slowMotionSource: video.slowMotionSource,
  };
}

async function saveCoachSettings(
  db: Database,
  videoId: string,
  changes: Partial<CoachSettingsRow>,
): Promise<CoachSettingsRow> {
  const [row] = await db
    .update(videos)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(videos.id, videoId))
    .returning({
      movement: videos.movement,
      slowMotionFactor: videos.slowMotionFactor,
      slowMotionSource: videos.slowMotionSource,
    });
  // Deleted since the access check.
  if (!row) throw notFound('Video not found');
  return row;
}
