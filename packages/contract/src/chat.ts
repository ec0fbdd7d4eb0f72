import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from './values';

export const chatRoleSchema = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof chatRoleSchema>;

/** One turn of a person's conversation with the AI Coach about one video. */
export const chatMessageSchema = z
  .object({
    id: z.string().uuid(),
    role: chatRoleSchema,
    content: z.string().describe('The question, or the answer as markdown'),
    createdAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /api/videos/:id/chat: the asker's own conversation about the video, oldest first. */
export const chatHistorySchema = z.array(chatMessageSchema).meta({ id: 'ChatHistory' });
export type ChatHistory = z.infer<typeof chatHistorySchema>;

export const chatRequestBodySchema = z
  .object({
    message: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'message is required' : 'message must be text',
      })
      .trim()
      .min(1, 'message must not be blank: type a question for the AI Coach')
      .max(
        CHAT_MESSAGE_MAX_LENGTH,
        `message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
      ),
  })
  .meta({ id: 'ChatRequestBody' });
export type ChatRequestBody = z.input<typeof chatRequestBodySchema>;

/**
 * The next piece of the answer. `content` is only what is new since the previous `partial`
 * (a delta, as language models stream): the answer so far is every `partial` content joined in
 * order, exactly as it is stored.
 */
export const chatPartialEventSchema = z.object({
  type: z.literal('partial'),
  content: z
    .string()
    .describe('The next piece of the answer, not the answer so far: join every piece in order'),
});

/** The answer is whole and stored in the history: refetch it. Nothing follows. */
export const chatCompleteEventSchema = z.object({ type: z.literal('complete') });

/**
 * The answer failed and none of it was stored (the question was). `content` is written for the
 * person asking. Nothing follows.
 */
export const chatErrorEventSchema = z.object({
  type: z.literal('error'),
  content: z.string().describe('What went wrong, written for the person asking'),
});

/**
 * One event of the answer stream of POST /api/videos/:id/chat (`text/event-stream`). Each is one
 * line `data: <JSON>` followed by a blank line: any number of `partial` events, then exactly one
 * `complete` or `error`. A client that leaves (aborts the request) stops the answer at once; it
 * is not stored.
 */
export const chatStreamEventSchema = z
  .discriminatedUnion('type', [
    chatPartialEventSchema,
    chatCompleteEventSchema,
    chatErrorEventSchema,
  ])
  .meta({ id: 'ChatStreamEvent' });
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/** Questions to start a chat with, made from the video's analysis (its weakest moment first). */
export const suggestedPromptsSchema = z
  .array(z.string())
  .describe('Questions to start the AI Coach chat with, made from the analysis')
  .meta({ id: 'SuggestedPrompts' });
export type SuggestedPrompts = z.infer<typeof suggestedPromptsSchema>;
