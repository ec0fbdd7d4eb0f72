import type { ChatAnalysis } from '@filmroom/coach/chat';
import { squatsScan } from '@filmroom/coach/testing';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { saveAnalysis } from '../src/modules/analysis/analysis-store';
import { generateAnalysis } from '../src/modules/analysis/generate-analysis';
import { scanKey } from '../src/modules/analysis/scan-keys';
import type { Runtime } from '../src/runtime';
import { insertReadyVideo } from './videos';

export { askOverHttp, chatStreamParser } from './chat-stream';

/**
 * A video as if uploaded, scanned and analysed: its analysis row as the coach engine stores it
 * (text, points, each athlete's reading), with no scan beside it. The chat answers from this
 * row alone.
 */
export async function insertAnalysedClip(
  deps: Runtime['deps'],
  ownerId: string,
  analysis: ChatAnalysis,
  options: { title?: string; duration?: number } = {},
): Promise<string> {
  const id = await insertReadyVideo(deps, ownerId, {
    duration: options.duration ?? 7,
    title: options.title ?? 'Driver, range session',
  });
  await storeAnalysis(deps, id, analysis);
  return id;
}

/** Writes (or rewrites, as Regenerate does) a video's analysis row. */
export async function storeAnalysis(
  deps: Runtime['deps'],
  videoId: string,
  analysis: ChatAnalysis,
): Promise<void> {
  await saveAnalysis(deps.db, videoId, {
    status: 'ready',
    progress: 100,
    textAnalysis: analysis.textAnalysis,
    overallFeedback: analysis.overallFeedback,
    coachingPoints: analysis.coachingPoints,
    playerDetections: [],
    keyMetric: analysis.keyMetric,
    athletes: analysis.athletes,
    source: 'measurements',
  });
}

/**
 * The shared squats clip as if uploaded, prepared, scanned and analysed: the real scan of it
 * (packages/coach's fixture) stored as vision.scan stores it, then the real coach step.
 */
export async function insertAnalysedSquats(
  deps: Runtime['deps'],
  ownerId: string,
  title = 'Back squats',
): Promise<string> {
  const scan = squatsScan();
  const id = await insertReadyVideo(deps, ownerId, { duration: scan.duration, title });
  await deps.blobs.write(scanKey(id), Readable.from([gzipSync(JSON.stringify(scan))]), {
    contentType: 'application/gzip',
  });
  await generateAnalysis({ db: deps.db, blobs: deps.blobs, languageModel: undefined }, id);
  return id;
}
