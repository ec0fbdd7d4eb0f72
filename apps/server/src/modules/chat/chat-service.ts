import type { ChatMessage } from '@filmroom/contract';
import type { ChatContext } from '@filmroom/coach/chat';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { chatMessages, type ChatMessageRow, type UserRow, type VideoRow } from '../../db/schema';
import { requireAccess } from '../access';
import { ChatContextLoader } from './chat-context';

/** A question on its way to an answer: what the coach answers from, and the question kept. */
export type AskedQuestion = { video: VideoRow; context: ChatContext; question: ChatMessageRow };

function toChatMessageView(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The AI Coach conversations: one per video and per person, for anyone who may view the video.
 * Nobody else, not even the video's owner, reads or clears someone's conversation.
 */
export class ChatService {
  private readonly contexts: ChatContextLoader;

  constructor(private readonly db: Database) {
    this.contexts = new ChatContextLoader(db);
  }

  /** The person's conversation about the video, oldest first. */
  async history(user: UserRow, videoId: string): Promise<ChatMessage[]> {
    await requireAccess(this.db, user, 'video.read', videoId);
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.videoId, videoId), eq(chatMessages.userId, user.id)))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    return rows.map(toChatMessageView);
  }

  /** Clears the person's conversation about the video; other people's stay. */
  async clear(user: UserRow, videoId: string): Promise<void> {
    await requireAccess(this.db, user, 'video.read', videoId);
    await this.db
      .delete(chatMessages)
      .where(and(eq(chatMessages.videoId, videoId), eq(chatMessages.userId, user.id)));
  }

  /**
   * Takes a question about the video: gathers what the coach may answer from, and keeps the
   * question as it arrives, answered or not.
   */
  async ask(user: UserRow, videoId: string, content: string): Promise<AskedQuestion> {
    const { video } = await requireAccess(this.db, user, 'video.read', videoId);
    const context = await this.contexts.load(video, user);
    const question = await this.recordQuestion(user, video.id, content);
    return { video, context, question };
  }

  private async recordQuestion(
    user: UserRow,
    videoId: string,
    content: string,
  ): Promise<ChatMessageRow> {
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
