import type { ChatMessage } from '@filmroom/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { chatMessages, type ChatMessageRow, type UserRow } from '../../db/schema';

export function toChatMessageView(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The AI Coach conversations: one per video and per person. Nobody else, not even the video's
 * owner, reads or clears someone's conversation. Callers check that the person may view the
 * video first.
 */
export class ChatService {
  constructor(private readonly db: Database) {}

  /** The person's conversation about the video, oldest first. */
  async history(user: UserRow, videoId: string): Promise<ChatMessage[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.videoId, videoId), eq(chatMessages.userId, user.id)))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    return rows.map(toChatMessageView);
  }

  /** Clears the person's conversation about the video; other people's stay. */
  async clear(user: UserRow, videoId: string): Promise<void> {
    await this.db
      .delete(chatMessages)
      .where(and(eq(chatMessages.videoId, videoId), eq(chatMessages.userId, user.id)));
  }

  /** Keeps a question as it arrives, answered or not. */
  async recordQuestion(user: UserRow, videoId: string, content: string): Promise<ChatMessageRow> {
    const [row] = await this.db
      .insert(chatMessages)
      .values({ videoId, userId: user.id, role: 'user', content })
      .returning();
    return row!;
  }

  /**
   * Keeps a complete answer after its question, unless the question is gone meanwhile (the
   * history was cleared, or the video deleted, while the answer streamed): an answer to
   * nothing is not kept. Returns whether it was stored.
   */
  async recordAnswer(question: ChatMessageRow, content: string): Promise<boolean> {
    const stored = await this.db.execute(sql`
      insert into ${chatMessages} (video_id, user_id, role, content)
      select ${question.videoId}, ${question.userId}, 'assistant', ${content}
      where exists (select 1 from ${chatMessages} where id = ${question.id})`);
    return (stored.rowCount ?? 0) > 0;
  }
}
