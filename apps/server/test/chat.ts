import type { ChatAnalysis } from '@filmroom/coach/chat';
import { saveAnalysis } from '../src/modules/analysis/analysis-store';
import type { Runtime } from '../src/runtime';
import { insertReadyVideo } from './videos';

export { askOverHttp, chatStreamParser, type AskResult } from './chat-stream';

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
