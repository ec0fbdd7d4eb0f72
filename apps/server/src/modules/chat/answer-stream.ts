import {
  answerQuestion,
  ChatModelError,
  streamModelAnswer,
  type ChatContext,
  type LanguageModelSettings,
} from '@filmroom/coach/chat';

/**
 * The built-in coach's typing pace. Its whole answer is ready in a millisecond; sent at once it
 * would land as one block. At 10 ms a word (about 100 words, 500 characters, a second: faster
 * than anyone reads, like a quick model) the answer visibly grows, and leaving stops it.
 */
const BUILT_IN_WORD_DELAY_MS = 10;

/**
 * The answer in pieces, from the language model when one is configured, otherwise from the
 * built-in coach. Either stops at once when `signal` fires, throwing ChatAbortedError.
 */
export function answerPieces(
  languageModel: LanguageModelSettings | undefined,
  context: ChatContext,
  question: string,
  signal: AbortSignal,
): AsyncGenerator<string, void, undefined> {
  return languageModel
    ? streamModelAnswer(languageModel, context, question, signal)
    : answerQuestion(context, question, { signal, wordDelayMs: BUILT_IN_WORD_DELAY_MS });
}

export const SHUTTING_DOWN = 'shutting down';

/**
 * What the person is told when the answer failed: never the model service's own words (they may
 * name keys, hosts or quotas); those go to the log.
 */
export function failureMessage(error: unknown, signal: AbortSignal): string {
  if (signal.reason === SHUTTING_DOWN) {
    return 'The server is restarting, so the AI Coach stopped. Ask again in a moment.';
  }
  if (error instanceof ChatModelError) {
    if (error.status === 401 || error.status === 403 || error.status === 404) {
      return "The AI Coach's language model refused the request. Ask whoever runs this FilmRoom server to check its LLM settings.";
    }
    if (error.status === 429) {
      return "The AI Coach's language model is busy. Try again in a moment.";
    }
    return 'The AI Coach could not finish this answer. Try again in a moment.';
  }
  return 'Something went wrong on our side while answering. Please try again.';
}
