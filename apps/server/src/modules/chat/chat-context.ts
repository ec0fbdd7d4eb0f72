import { analysePoses, type CoachAnalysis } from '@filmroom/coach';
import { suggestedPrompts, type ChatContext, type ChatMessage } from '@filmroom/coach/chat';
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
import type { Log } from '../../lib/logger';
import type { BlobStore } from '../../storage';
import { findAnalysis } from '../analysis/analysis-store';
import { coachOptions, readScan } from '../analysis/generate-analysis';
import { scanKey } from '../analysis/scan-keys';

// The turns an answer is given: the built-in coach needs the last few for follow-ups ("and the
// last one?"), a model sees at most ten of them.
const HISTORY_FOR_ANSWERS = 20;
// Far more notes than any clip has; the coach trims what it quotes.
const MAX_NOTES = 500;
// Re-measured analyses kept in memory: a chat asks several questions about one clip in a row.
const CACHED_ANALYSES = 32;

/** What the coach is told about the clip, without the conversation. */
export type ClipFacts = Omit<ChatContext, 'history'>;

/**
 * Gathers everything the AI Coach may answer from, for one video: its analysis with the
 * per-athlete metrics behind it, identified players, notes, and the asker's conversation.
 */
export class ChatContextLoader {
  private readonly analyses = new Map<string, { stamp: string; analysis: CoachAnalysis | null }>();

  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
  ) {}

  async load(video: VideoRow, user: UserRow): Promise<ChatContext> {
    const [facts, history] = await Promise.all([
      findAnalysis(this.db, video.id).then((row) => this.clipFacts(video, row)),
      this.recentHistory(video.id, user.id),
    ]);
    return { ...facts, history };
  }

  /**
   * Questions to start the chat with, made from the analysis. A scan that cannot be read costs
   * the prompts their specifics (they fall back to general questions), never the page.
   */
  async suggestedPrompts(
    video: VideoRow,
    row: AnalysisRow | undefined,
    log: Log,
  ): Promise<string[]> {
    try {
      return suggestedPrompts({ ...(await this.clipFacts(video, row)), history: [] });
    } catch (error) {
      log.warn({ err: error, videoId: video.id }, 'could not make suggested prompts');
      return suggestedPrompts({
        video: { title: video.title, duration: video.duration ?? 0 },
        analysis: null,
        playerDetections: [],
        annotations: [],
        history: [],
      });
    }
  }

  private async clipFacts(video: VideoRow, row: AnalysisRow | undefined): Promise<ClipFacts> {
    const [analysis, playerDetections, notes] = await Promise.all([
      this.measuredAnalysis(video.id, row),
      this.playerDetections(row),
      this.notes(video.id),
    ]);
    return {
      video: { title: video.title, duration: video.duration ?? 0 },
      analysis,
      playerDetections,
      annotations: notes,
    };
  }

  /**
   * The analysis as the coach engine made it. The table keeps the written analysis and the
   * points, not the per-athlete metrics answers are built from, so those are measured again
   * from the stored scan with the same instructions (deterministic, a few milliseconds). The
   * stored wording wins: it may be a language model's.
   */
  private async measuredAnalysis(
    videoId: string,
    row: AnalysisRow | undefined,
  ): Promise<CoachAnalysis | null> {
    if (!row || row.textAnalysis === null) return null;
    const stamp = `${row.updatedAt.toISOString()}|${row.instructions ?? ''}`;
    let measured = this.analyses.get(videoId);
    if (measured?.stamp !== stamp) {
      const scanned = await this.blobs.stat(scanKey(videoId));
      const analysis = scanned
        ? analysePoses(
            await readScan(this.blobs, videoId),
            await coachOptions(this.db, videoId, row.instructions ?? ''),
          )
        : null;
      measured = { stamp, analysis };
      this.analyses.delete(videoId);
      this.analyses.set(videoId, measured);
      if (this.analyses.size > CACHED_ANALYSES) {
        this.analyses.delete(this.analyses.keys().next().value!);
      }
    }
    return {
      textAnalysis: row.textAnalysis,
      overallFeedback: row.overallFeedback,
      coachingPoints: row.coachingPoints ?? measured.analysis?.coachingPoints ?? [],
      keyMetric: measured.analysis?.keyMetric ?? row.keyMetric ?? null,
      // Without the scan (never expected once there is an analysis) nobody's metrics are known.
      athletes: measured.analysis?.athletes ?? [],
      readings: row.athletes ?? [],
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
