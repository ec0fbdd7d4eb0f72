import type { Video } from '@filmroom/contract';

/** Where a video stands, as its card says it (issue 18: cards tell the truth). */
export type CardStatus =
  | { kind: 'preparing'; progress: number }
  | { kind: 'analysing'; progress: number | null }
  | { kind: 'failed'; reason: string | null; stage: 'preparing' | 'analysis' }
  | { kind: 'ready' };

export function cardStatusOf(
  video: Pick<Video, 'status' | 'progress' | 'failureReason' | 'analysisState'>,
): CardStatus {
  if (video.status === 'processing') return { kind: 'preparing', progress: video.progress };
  if (video.status === 'failed') {
    return { kind: 'failed', reason: video.failureReason, stage: 'preparing' };
  }
  const analysis = video.analysisState;
  // Prepared, and its scan not begun yet: queued for analysis.
  if (analysis === null) return { kind: 'analysing', progress: null };
  if (analysis.status === 'ready') return { kind: 'ready' };
  if (analysis.status === 'failed') {
    return { kind: 'failed', reason: analysis.failureReason, stage: 'analysis' };
  }
  return { kind: 'analysing', progress: analysis.progress };
}

/** Whether there is an analysis to view (the card offers View AI Analysis only then). */
export const hasAnalysis = (video: Pick<Video, 'analysisState'>) =>
  video.analysisState?.status === 'ready';
