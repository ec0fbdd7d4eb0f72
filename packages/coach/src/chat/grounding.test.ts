import { describe, expect, it } from 'vitest';
import {
  emptyContext,
  squatsContext,
  syntheticContexts,
  twoAthletesContext,
  unanalysedContext,
} from '../testing/chat-contexts';
import { composeAnswer } from './built-in-coach';
import type { ChatContext } from './context';
import { ungroundedNumbers } from './grounding';
import { suggestedPrompts } from './suggested-prompts';

const QUESTIONS = [
  'hi',
  'What should I fix first?',
  'what should I work on',
  'what happened at 0:05?',
  'what happened at 0:02?',
  'around 12 s?',
  'what happened at 0:09',
  'what happened at 1:05',
  'how many squats?',
  'how many jumps did I do',
  'how many reps and jumps?',
  'compare the first and the last rep',
  'compare rep 1 and rep 2',
  'compare the first and last jump',
  'tell me about rep 2',
  'tell me about the last jump',
  'is my knee angle ok?',
  'is my back angle ok?',
  'are my knees even?',
  'how is my tempo',
  'are my landings ok?',
  'are my arms straight overhead?',
  'was my hold steady?',
  'is my stance ok',
  'how fast was I',
  'how high did I jump',
  'Why was my knee angle 107° at 0:02?',
  'why did my trunk lean so much?',
  'who is number 7?',
  'who is number 12?',
  'who is #9',
  'who is in the video',
  'drills for what you saw',
  'what drills would help my depth?',
  'what drills would help my landings?',
  'summarise the notes',
  'how did I do?',
  'what can you do?',
  'thanks!',
  'what is the weather',
];

const CONTEXTS: [string, () => ChatContext][] = [
  ['the real squats clip', squatsContext],
  ['a jump clip', syntheticContexts.jumps],
  ['a balance hold', syntheticContexts.hold],
  ['good squats', syntheticContexts.goodSquats],
  ['leaning squats', syntheticContexts.leaningSquats],
  ['a clip of two athletes', twoAthletesContext],
  ['a clip not analysed yet', unanalysedContext],
  ['a clip with nobody measured', emptyContext],
];

describe('every number in an answer comes from the context', () => {
  it.each(CONTEXTS)('on %s', (_, makeContext) => {
    const context = makeContext();
    const questions = [...QUESTIONS, ...suggestedPrompts(context)];
    const invented = questions.flatMap((question) => {
      const answer = composeAnswer(context, question);
      return ungroundedNumbers(context, answer, question).map((n) => ({ question, n, answer }));
    });
    expect(invented).toEqual([]);
  });

  it('including the follow-ups', () => {
    const context = squatsContext();
    const history = (question: string): ChatContext => ({
      ...context,
      history: [
        { role: 'user', content: question },
        { role: 'assistant', content: composeAnswer(context, question) },
      ],
    });
    for (const [first, next] of [
      ['how many reps?', 'and the last one?'],
      ['is my knee angle ok?', 'what about my back?'],
      ['what happened at 0:05?', 'and at 0:09?'],
    ] as const) {
      const followed = history(first);
      expect(ungroundedNumbers(followed, composeAnswer(followed, next), next)).toEqual([]);
    }
  });

  it('catches a number the measurements do not hold', () => {
    const context = squatsContext();
    expect(ungroundedNumbers(context, 'Your knee angle was 107° at 0:02.')).toEqual([]);
    expect(ungroundedNumbers(context, 'You did 48 squats at 0:37, knee angle 61°.')).toEqual([
      '48',
      '37',
      '61',
    ]);
    // The asker's own numbers may be repeated back.
    expect(ungroundedNumbers(context, 'Nobody wearing number 48.', 'who is 48?')).toEqual([]);
  });
});
