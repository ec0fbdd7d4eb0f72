import type { AthleteReading, CoachingPoint, MetricSeries } from '@filmroom/contract';

/**
 * Everything the AI Coach may answer from, for one video and one user. The server gathers it;
 * the coach only reads it. Times are seconds from the start of the video.
 */
export type ChatContext = {
  video: ChatVideo;
  /** The coach engine's analysis, or null while the clip has not been analysed yet. */
  analysis: ChatAnalysis | null;
  playerDetections: ChatPlayerDetection[];
  annotations: ChatAnnotation[];
  /** The conversation so far, oldest first, without the question being answered. */
  history: ChatMessage[];
};

export type ChatVideo = {
  title: string;
  /** Seconds. */
  duration: number;
};

/**
 * The analysis as it is stored: the written analysis and feedback, the points, the chart, and
 * each athlete's reading (movement, key moments, metric records). Answers quote the records'
 * own text and times, never a number of their own, so the chat and the analysis always agree;
 * nothing is measured again.
 */
export type ChatAnalysis = {
  textAnalysis: string;
  overallFeedback: string | null;
  coachingPoints: CoachingPoint[];
  keyMetric: MetricSeries | null;
  athletes: AthleteReading[];
};

/** A person detected in a frame, with the player's name when the server identified them. */
export type ChatPlayerDetection = {
  timestamp: number;
  /** The identified player's name; null when the detection matched no known player. */
  name: string | null;
  jerseyNumber: string | null;
  jerseyColor: string | null;
  /** 0-1. */
  confidence: number;
};

/** A note someone left on the video at a moment. */
export type ChatAnnotation = {
  timestamp: number;
  content: string;
  /** The author's display name. */
  author: string;
  /** The comment's sentiment when it was scored: `positive`, `negative` or `neutral`, 0-1. */
  sentiment?: { label: string; confidence: number } | null;
};

export type ChatMessage = {
  role: 'user' | 'assistant';
  content: string;
};
