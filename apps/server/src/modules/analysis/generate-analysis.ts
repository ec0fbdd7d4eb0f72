import { analysePoses, type AnalyseOptions } from '@filmroom/coach';
import { Narrator, type LanguageModelSettings } from '@filmroom/coach/narrator';
import type { VisionScan } from '@filmroom/vision';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { videos } from '../../db/schema';
import type { BlobStore } from '../../storage';
import { detectPlayers, identifyPeople } from '../players';
import { saveAnalysis } from './analysis-store';
import { scanKey } from './scan-keys';

export type AnalysisDependencies = {
  db: Database;
  blobs: BlobStore;
  languageModel: LanguageModelSettings | undefined;
};

export class ScanNotReady extends Error {}

/** The vision scan stored for a video (its tracks, without the timings). */
export async function readScan(blobs: BlobStore, videoId: string): Promise<VisionScan> {
  const zipped = await buffer(await blobs.read(scanKey(videoId)));
  return JSON.parse(gunzipSync(zipped).toString('utf8')) as VisionScan;
}

/**
 * How the coach engine should read a video: the movement and slow-motion factor kept on the
 * video (chosen at upload, in the Analysis tab, or read from the file) and the instructions.
 */
export async function coachOptions(
  db: Database,
  videoId: string,
  instructions: string,
): Promise<AnalyseOptions> {
  const [video] = await db
    .select({ movement: videos.movement, slowMotionFactor: videos.slowMotionFactor })
    .from(videos)
    .where(eq(videos.id, videoId));
  return {
    instructions,
    movement: video?.movement ?? 'auto',
    slowMotionFactor: video?.slowMotionFactor ?? null,
  };
}

/**
 * The coach step: measured tracks in, analysis out. Cheap (no vision), so Regenerate runs it
 * while the person waits. With a language model configured, the model only rephrases.
 */
export async function generateAnalysis(
  deps: AnalysisDependencies,
  videoId: string,
  instructions = '',
) {
  if (!(await deps.blobs.stat(scanKey(videoId)))) throw new ScanNotReady();
  const scan = await readScan(deps.blobs, videoId);
  const written = await writeUp(deps, videoId, scan, instructions);
  return saveAnalysis(deps.db, videoId, {
    status: 'ready',
    progress: 100,
    failureReason: null,
    ...written,
    instructions: instructions.trim() || null,
  });
}

/** The coaching a scan earns (of the whole video, or of one range of it), worded for the coach. */
export async function writeUp(
  deps: AnalysisDependencies,
  videoId: string,
  scan: VisionScan,
  instructions = '',
) {
  // Athletes identified on evidence (a face matched to a profile photo) are named in the reading.
  const people = await identifyPeople(deps.db, videoId, scan);
  const analysis = analysePoses(scan, {
    ...(await coachOptions(deps.db, videoId, instructions)),
    people,
  });
  const narrative = deps.languageModel
    ? await new Narrator(deps.languageModel).narrate(analysis, instructions)
    : {
        textAnalysis: analysis.textAnalysis,
        overallFeedback: analysis.overallFeedback,
        source: 'measurements' as const,
      };
  return {
    textAnalysis: narrative.textAnalysis,
    overallFeedback: narrative.overallFeedback,
    coachingPoints: analysis.coachingPoints,
    keyMetric: analysis.keyMetric,
    athletes: analysis.readings,
    playerDetections: await detectPlayers(deps.db, videoId, scan),
    source: narrative.source,
  };
}
