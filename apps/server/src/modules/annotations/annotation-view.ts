import {
  REACTIONS,
  type Annotation,
  type AnnotationReply,
  type AnnotationUser,
  type Reaction,
  type ReactionSummary,
  type Sentiment,
} from '@filmroom/contract';
import { sentimentOf } from '@filmroom/speech';
import type { AnnotationRow } from '../../db/schema';
import { uploadsUrl } from '../../storage';

/** How a comment reads; a voice note with no words has none (its marker is grey). */
export function sentimentFor(content: string): Sentiment | null {
  return content.trim() ? sentimentOf(content) : null;
}

export type ReactionTally = { reaction: string; count: number; mine: boolean };

/** All five reactions, each with its count and whether the asker gave it. */
export function toReactionSummary(tallies: readonly ReactionTally[]): ReactionSummary {
  const summary = Object.fromEntries(
    REACTIONS.map((reaction) => [reaction, { count: 0, mine: false }]),
  ) as ReactionSummary;
  for (const tally of tallies) {
    if (tally.reaction in summary) {
      summary[tally.reaction as Reaction] = { count: tally.count, mine: tally.mine };
    }
  }
  return summary;
}

// Someone whose account is gone by the time their words are read (rows go with the account,
// so only in a race): the note still renders.
const unknownPerson = (id: string): AnnotationUser => ({ id, name: 'Unknown', avatarUrl: null });

/** A reply as the API shows it to one viewer (an annotation starts from the same fields). */
export function toReplyView(
  row: AnnotationRow,
  people: ReadonlyMap<string, AnnotationUser>,
  reactions: ReactionSummary,
): AnnotationReply {
  return {
    id: row.id,
    parentId: row.parentId,
    content: row.content,
    timestamp: row.timestamp,
    xPosition: row.xPosition,
    yPosition: row.yPosition,
    audioUrl: row.audioKey ? uploadsUrl(row.audioKey) : null,
    audioDuration: row.audioDuration,
    sentiment:
      row.sentimentLabel && row.sentimentConfidence !== null
        ? { label: row.sentimentLabel, confidence: row.sentimentConfidence }
        : null,
    drawing: row.drawing,
    reactions,
    user: people.get(row.userId) ?? unknownPerson(row.userId),
    createdAt: row.createdAt.toISOString(),
    replies: [],
  };
}

export function toAnnotationView(
  row: AnnotationRow,
  people: ReadonlyMap<string, AnnotationUser>,
  reactions: ReactionSummary,
  replies: AnnotationReply[],
): Annotation {
  return {
    ...toReplyView(row, people, reactions),
    endTime: row.endTime,
    displaySeconds: row.displaySeconds,
    pauseHere: row.pauseHere,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    // Null once the account that resolved it is gone; resolvedAt still says it was resolved.
    resolvedBy: row.resolvedBy
      ? (people.get(row.resolvedBy) ?? unknownPerson(row.resolvedBy))
      : null,
    replies,
  };
}
