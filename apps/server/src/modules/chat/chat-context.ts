import {
  suggestedPrompts,
  type ChatAnalysis,
  type ChatContext,
  type ChatMessage,
} from '@filmroom/coach/chat';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  annotations,
  chatMessages,
  users,
  type AnalysisRow,
  type UserRow,
  type VideoRow,
} from '../../db/schema';
import { findAnalysis } from '../analysis';

// The turns an answer is given: the built-in coach needs the last few for follow-ups ("and the
// last one?"), a model sees at most ten of them.
const HISTORY_FOR_ANSWERS = 20;
// Far more notes than any clip has; the coach trims what it quotes.
const MAX_NOTES = 500;

/** What the coach is told about the clip, without the conversation. */
export type ClipFacts = Omit<ChatContext, 'history'>;

/**
 * Gathers everything the AI Coach may answer from, for one video: its stored analysis (with
 * each athlete's reading: movement, key moments, metric records), identified players, notes,
 * and the asker's conversation. Nothing is measured again: the chat quotes what the analysis
 * stored, so its numbers are the analysis's own.
 */
export class ChatContextLoader {
  constructor(private readonly db: Database) {}

  async load(video: VideoRow, user: UserRow): Promise<ChatContext> {
    const [facts, history] = await Promise.all([
      findAnalysis(this.db, video.id).then((row) => this.clipFacts(video, row)),
      this.recentHistory(video.id, user.id),
    ]);
    return { ...facts, history };
  }

  /** Questions to start the chat with, made from the stored analysis. */
  async suggestedPrompts(video: VideoRow, row: AnalysisRow | undefined): Promise<string[]> {
    return suggestedPrompts({ ...(await this.clipFacts(video, row)), history: [] });
  }

  private async clipFacts(video: VideoRow, row: AnalysisRow | undefined): Promise<ClipFacts> {
    const [playerDetections, notes] = await Promise.all([
      this.playerDetections(row),
      this.notes(video.id),
    ]);
    return {
      video: { title: video.title, duration: video.duration ?? 0 },
      analysis: storedAnalysis(row),
      playerDetections,
      annotations: notes,
    };
  }

  /** The analysis's detections, with the names of the players they were matched to. */
  private async playerDetections(row: AnalysisRow | undefined) {
    const detections = row?.playerDetections ?? [];
    const ids = [...new Set(detections.flatMap((d) => (d.playerMatchId ? [d.playerMatchId] : [])))];
    const people = ids.length
      ? await this.db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    const names = new Map(people.map((person) => [person.id, person.name]));
    return detections.map((detection) => ({
      timestamp: detection.timestamp,
      name: detection.playerMatchId ? (names.get(detection.playerMatchId) ?? null) : null,
      jerseyNumber: detection.jerseyNumber,
      jerseyColor: detection.jerseyColor,
      confidence: detection.confidence,
    }));
  }

  /** The video's notes and replies with words in them, by time, with their authors' names. */
  private async notes(videoId: string) {
    const rows = await this.db
      .select({
        timestamp: annotations.timestamp,
        content: annotations.content,
        author: users.name,
        label: annotations.sentimentLabel,
        confidence: annotations.sentimentConfidence,
      })
      .from(annotations)
      .innerJoin(users, eq(users.id, annotations.userId))
      .where(and(eq(annotations.videoId, videoId), ne(annotations.content, '')))
      .orderBy(asc(annotations.timestamp), asc(annotations.createdAt))
      .limit(MAX_NOTES);
    return rows.map((row) => ({
      timestamp: row.timestamp,
      content: row.content,
      author: row.author,
      sentiment:
        row.label && row.confidence !== null
          ? { label: row.label, confidence: row.confidence }
          : null,
    }));
  }

  /** The asker's last turns about this video, oldest first. */
  private async recentHistory(videoId: string, userId: string): Promise<ChatMessage[]> {
    const rows = await this.db
      .select({ role: chatMessages.role, content: chatMessages.content })
      .from(chatMessages)
      .where(and(eq(chatMessages.videoId, videoId), eq(chatMessages.userId, userId)))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(HISTORY_FOR_ANSWERS);
    return rows.reverse();
  }
}

/** The analysis as the coach engine stored it, or null until it has written one. */
function storedAnalysis(row: AnalysisRow | undefined): ChatAnalysis | null {
  if (!row || row.textAnalysis === null) return null;
  return {
    textAnalysis: row.textAnalysis,
    overallFeedback: row.overallFeedback,
    coachingPoints: row.coachingPoints ?? [],
    keyMetric: row.keyMetric ?? null,
    // Analyses stored before readings were kept have none: the chat says to regenerate.
    athletes: row.athletes ?? [],
  };
}
