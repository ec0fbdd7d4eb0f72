import type { AthleteReading } from '@filmroom/contract';
import type { ChatContext } from './context';
import { compareAnswer, countAnswer } from './count';
import { drillsAnswer } from './drills';
import { ChatAbortedError } from './errors';
import { fixFirstAnswer, overviewAnswer } from './fix-first';
import { greetingAnswer, helpAnswer, thanksAnswer, unknownAnswer } from './help';
import { measureAnswer, whyAnswer } from './measures';
import { momentAnswer } from './moment';
import { notesAnswer, whoAnswer } from './people';
import { readQuestion, type Intent, type Question } from './question';
import { clipWords } from './readings';
import { CHOOSE_MOVEMENT, isUnsure, unsureCaveat, whichMovement } from './unsure';

export type StreamOptions = {
  /** Stops the stream: the next chunk is not produced and the iterable throws ChatAbortedError. */
  signal?: AbortSignal;
  /**
   * Pause between words, in milliseconds, for a typing pace. With none (the default) each
   * word still waits for the event loop, so a server flushes it and an abort lands at once.
   */
  wordDelayMs?: number;
};

/**
 * The built-in coach's whole answer to a question about one clip, from its stored readings
 * only (no language model): each athlete's movement, key moments and metric records. Every
 * number in it is a record's text or a moment's time.
 */
export function composeAnswer(context: ChatContext, question: string): string {
  const asked = readQuestion(question, context.history, clipWords(context));
  return withMovementDoubt(context, asked.intent, answerFor(context, asked));
}

// Answers given in the words of the clip's movement: a guessed movement is said to be one.
const IN_MOVEMENT_WORDS = new Set<Intent>([
  'fix-first',
  'measure',
  'why',
  'count',
  'drills',
  'overview',
]);

/**
 * An answer in the words of a movement the reading only guessed, with that said first; an
 * answer about a clip no movement was recognised in, with the question of which it is. An
 * answer that already asks is left as it is.
 */
function withMovementDoubt(context: ChatContext, intent: Intent, answer: string): string {
  const readings = context.analysis?.athletes ?? [];
  if (!IN_MOVEMENT_WORDS.has(intent) || answer.includes(CHOOSE_MOVEMENT)) return answer;
  const several = readings.length > 1;
  const named = (reading: AthleteReading, text: string) =>
    several ? `**${reading.name}**: ${text}` : text;
  const guessed = readings.filter((r) => isUnsure(r) && r.movement !== 'general');
  const unknown = readings.filter(
    (r) => r.movement === 'general' && r.movementSource === 'detected' && r.candidates?.length,
  );
  const before = guessed.map((reading) => named(reading, unsureCaveat(reading)));
  const after =
    intent === 'overview' || intent === 'fix-first' || intent === 'drills'
      ? unknown.map((reading) => named(reading, whichMovement(reading)))
      : [];
  return [...before, answer, ...after].join('\n\n');
}

function answerFor(context: ChatContext, asked: Question): string {
  switch (asked.intent) {
    case 'greeting':
      return greetingAnswer(context);
    case 'thanks':
      return thanksAnswer(context);
    case 'help':
      return helpAnswer(context);
    case 'fix-first':
      // "How can I improve my posture?" is about that measure: what it was and its cue.
      return (
        (asked.topics.length || asked.phase ? whyAnswer(context, asked) : undefined) ??
        fixFirstAnswer(context, asked)
      );
    case 'moment':
      return momentAnswer(context, asked);
    case 'count':
      return countAnswer(context, asked);
    case 'compare':
      return compareAnswer(context, asked);
    case 'measure':
      return measureAnswer(context, asked);
    case 'why':
      return (
        whyAnswer(context, asked) ??
        (asked.time === undefined ? fixFirstAnswer(context, asked) : momentAnswer(context, asked))
      );
    case 'who':
      return whoAnswer(context, asked);
    case 'drills':
      return drillsAnswer(context, asked);
    case 'notes':
      return notesAnswer(context);
    case 'overview':
      return overviewAnswer(context, asked);
    case 'unknown':
      return unknownAnswer(context);
  }
}

/** The built-in coach's answer, streamed word by word. */
export async function* answerQuestion(
  context: ChatContext,
  question: string,
  options: StreamOptions = {},
): AsyncGenerator<string, void, undefined> {
  if (options.signal?.aborted) throw new ChatAbortedError();
  yield* streamWords(composeAnswer(context, question), options);
}

/**
 * A text as chunks of one word each with the whitespace after it, so the chunks joined are
 * the text exactly (markdown line breaks included).
 */
export async function* streamWords(
  text: string,
  { signal, wordDelayMs = 0 }: StreamOptions = {},
): AsyncGenerator<string, void, undefined> {
  const words = text.match(/\S+\s*/g) ?? [];
  const leading = /^\s*/.exec(text)![0];
  if (!words.length) {
    if (text) yield text;
    return;
  }
  words[0] = leading + words[0]!;
  for (const [index, word] of words.entries()) {
    if (index > 0) await pause(wordDelayMs, signal);
    if (signal?.aborted) throw new ChatAbortedError();
    yield word;
  }
}

/** Waits `ms` (or one turn of the event loop), returning early when the signal fires. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
