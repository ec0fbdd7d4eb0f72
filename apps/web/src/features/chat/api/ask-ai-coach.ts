import type { ChatMessage, ChatRequestBody } from '@filmroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '@/components/ui/use-toast';
import { throwIfResNotOk } from '@/lib/query-client';
import { createChatStreamParser } from '../lib/chat-stream';
import { chatHistoryQueryKey } from './get-chat-history';

/** Spec §8: the answer has no body to read. */
export const NO_RESPONSE_STREAM = 'No response stream available';

/** An `error` event: the answer failed (none of it is stored; the question is). */
export class AiCoachAnswerError extends Error {
  override readonly name = 'AiCoachAnswerError';
}

type AskAiCoachOptions = {
  signal: AbortSignal;
  /** The server took the question (it is stored now) and the answer begins. */
  onStart?: () => void;
  /** The answer so far, each time more of it has arrived. */
  onAnswer: (answerSoFar: string) => void;
};

/**
 * POST /api/videos/:id/chat: asks, then reads the answer as it streams (spec §7). Resolves with
 * the whole answer on `complete`; rejects with the server's message on an `error` event or a
 * refused question, and with the signal's abort when the asker leaves.
 */
export async function askAiCoach(
  videoId: string,
  message: string,
  { signal, onStart, onAnswer }: AskAiCoachOptions,
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`/api/videos/${videoId}/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message } satisfies ChatRequestBody),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new Error('Failed to send message', { cause: error });
  }
  // Refused before any answer (blank, too long, signed out, no access, too many questions): JSON.
  await throwIfResNotOk(res);
  if (!res.body) throw new Error(NO_RESPONSE_STREAM);
  onStart?.();

  const parser = createChatStreamParser((line) => {
    // Spec §8: a line that is not an event is only logged; the answer goes on.
    console.warn('AI Coach: skipped a line of the answer stream that is not an event:', line);
  });
  const reader = res.body.getReader();
  let answer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const before = answer;
      for (const event of done ? parser.end() : parser.push(value)) {
        if (event.type === 'partial') {
          answer += event.content;
          continue;
        }
        if (answer !== before) onAnswer(answer);
        if (event.type === 'error') throw new AiCoachAnswerError(event.content);
        return answer;
      }
      // One update per chunk read, not per word: a chunk often carries several pieces.
      if (answer !== before) onAnswer(answer);
      if (done) break;
    }
  } catch (error) {
    if (signal.aborted || error instanceof AiCoachAnswerError) throw error;
    throw new Error('The connection was lost before the answer was finished. Please ask again.', {
      cause: error,
    });
  } finally {
    // Nothing follows `complete` or `error`; a connection still open is let go.
    reader.cancel().catch(() => undefined);
  }
  throw new Error('The answer stopped before it was finished. Please ask again.');
}

/** The question being answered right now, and the answer as far as it has come. */
export type AiCoachTurn = { id: number; question: string; answer: string };

/** How one question ended, for the input (a question the server refused goes back into it). */
export type AskOutcome = 'answered' | 'failed' | 'not sent' | 'stopped';

// Why an answer was stopped: another question replaced it, or the asker left the chat.
const REPLACED = 'replaced by a newer question';

function localMessage(turn: number, role: ChatMessage['role'], content: string): ChatMessage {
  return { id: `local-${turn}-${role}`, role, content, createdAt: new Date().toISOString() };
}

/**
 * Spec §4 Chat: the question shows at once, the answer grows as it streams, and `complete`
 * ends streaming and refreshes the history. A new question stops the one before; leaving (the
 * component unmounts) stops it too. Stopped answers are silent; failures show the Error toast.
 */
export function useAskAiCoach(videoId: string) {
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<AiCoachTurn | null>(null);
  const current = useRef<{ id: number; controller: AbortController } | null>(null);
  const turns = useRef(0);

  useEffect(() => () => current.current?.controller.abort(), []);

  const ask = useCallback(
    async (message: string): Promise<AskOutcome> => {
      const question = message.trim();
      // Spec §5: a blank message is not sent.
      if (question === '') return 'not sent';
      current.current?.controller.abort(REPLACED);
      const id = (turns.current += 1);
      const controller = new AbortController();
      current.current = { id, controller };
      setTurn({ id, question, answer: '' });

      const historyKey = chatHistoryQueryKey(videoId);
      // The history as the server now has it, shown at once (its ids arrive with the refetch).
      const append = (...messages: ChatMessage[]) =>
        queryClient.setQueryData<ChatMessage[]>(historyKey, (history) =>
          history ? [...history, ...messages] : history,
        );
      let stored = false;
      let outcome: AskOutcome;
      try {
        const answer = await askAiCoach(videoId, question, {
          signal: controller.signal,
          onStart: () => {
            stored = true;
          },
          onAnswer: (answerSoFar) =>
            setTurn((shown) => (shown?.id === id ? { ...shown, answer: answerSoFar } : shown)),
        });
        append(localMessage(id, 'user', question), localMessage(id, 'assistant', answer));
        outcome = 'answered';
      } catch (error) {
        if (stored) append(localMessage(id, 'user', question));
        if (controller.signal.aborted) {
          outcome = 'stopped';
        } else {
          toastError(error instanceof Error ? error : new Error(String(error)));
          outcome = stored ? 'failed' : 'not sent';
        }
      }
      if (current.current?.id === id) {
        current.current = null;
        setTurn(null);
      }
      // Not while a newer question is being answered: its own question is in the history by
      // now and would show twice.
      if (controller.signal.reason !== REPLACED) {
        void queryClient.invalidateQueries({ queryKey: historyKey });
      }
      return outcome;
    },
    [queryClient, videoId],
  );

  return { ask, turn, streaming: turn !== null };
}
