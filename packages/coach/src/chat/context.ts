import type { CoachAnalysis } from '../index';

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
 * The analysis as `analysePoses` returns it. The athletes' metrics (per rep, per jump) are
 * what answers are built from, so they must be the ones behind the stored points: the server
 * gets them by running `analysePoses` again on the stored scan with the same instructions
 * (cheap and deterministic). `textAnalysis` and `overallFeedback` may be the narrated wording.
 */
export type ChatAnalysis = CoachAnalysis;

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
