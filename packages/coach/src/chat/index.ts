/**
 * The AI Coach chat engine: answers about one clip from its measurements, either by the
 * built-in coach (no language model) or by any OpenAI-compatible model given the measured
 * context. Both stream; both stop at once when the AbortSignal fires.
 */
export type {
  ChatAnalysis,
  ChatAnnotation,
  ChatContext,
  ChatMessage,
  ChatPlayerDetection,
  ChatVideo,
} from './context';
export { answerQuestion, composeAnswer, streamWords, type StreamOptions } from './built-in-coach';
export { streamModelAnswer, modelMessages } from './model-coach';
export { suggestedPrompts } from './suggested-prompts';
export { ChatAbortedError, ChatModelError } from './errors';
export { groundedNumbers, ungroundedNumbers } from './grounding';
export { readQuestion, type Intent, type Question } from './question';
export type { LanguageModelSettings } from '../narrator';
