import { analysePoses, type PoseScan } from '@filmroom/coach';
import { Narrator, type LanguageModelSettings } from '@filmroom/coach/narrator';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import type { Database } from '../../db/connection';
import type { BlobStore } from '../../storage';
import { saveAnalysis } from './analysis-store';
import { scanKey } from './scan-keys';

export type AnalysisDependencies = {
  db: Database;
  blobs: BlobStore;
  languageModel: LanguageModelSettings | undefined;
};

export class ScanNotReady extends Error {}

export async function readScan(blobs: BlobStore, videoId: string): Promise<PoseScan> {
  const zipped = await buffer(await blobs.read(scanKey(videoId)));
  return JSON.parse(gunzipSync(zipped).toString('utf8')) as PoseScan;
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
  const analysis = analysePoses(scan);
  const narrative = deps.languageModel
    ? await new Narrator(deps.languageModel).narrate(analysis, instructions)
    : {
        textAnalysis: analysis.textAnalysis,
        overallFeedback: analysis.overallFeedback,
        source: 'measurements' as const,
      };
  return saveAnalysis(deps.db, videoId, {
    status: 'ready',
    progress: 100,
    failureReason: null,
    textAnalysis: narrative.textAnalysis,
    overallFeedback: narrative.overallFeedback,
    coachingPoints: analysis.coachingPoints,
    playerDetections: [],
    source: narrative.source,
    instructions: instructions.trim() || null,
  });
}
