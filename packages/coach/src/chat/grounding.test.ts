import { describe, expect, it } from 'vitest';
import {
  emptyContext,
  generalContext,
  golfContext,
  goodGolfContext,
  legacyContext,
  runningContext,
  squatsContext,
  twoGolfersContext,
  unanalysedContext,
} from '../../testing/chat-contexts';
import { composeAnswer } from './built-in-coach';
import type { ChatContext } from './context';
import { groundedNumbers, ungroundedNumbers } from './grounding';
import { suggestedPrompts } from './suggested-prompts';

const QUESTIONS = [
  'hi',
  'What should I fix first?',
  'what should I work on',
  'How is my posture at impact?',
  'Is my posture OK at impact?',
  'What happened at the top?',
  'how was my setup at address?',
  'what about the finish?',
  'What is my tempo?',
  'what is my tempo at the top?',
  'What is my cadence?',
  'what happened at foot strike?',
  'how are my legs at foot strike?',
  'how is my depth at the bottom?',
  'what happened at the bottom of the last rep?',
  'is my knee angle ok?',
  'how fast was I?',
  'what happened at 0:04?',
  'what happened at 0:01?',
  'around 12 s?',
  'what happened at 1:05',
  'how many reps did I do?',
  'how many swings?',
  'compare the first and the last rep',
  'compare the two athletes',
  "How is athlete 2's posture at impact?",
  "What is Alex's tempo?",
  'what is the tempo of athlete 5?',
  'why was my posture off at impact?',
  'why is my cadence low?',
  'How can I improve my posture?',
  'who is number 7?',
  'who is #9',
  'who is in the video',
  'drills for what you saw',
  'what drills would help my posture at impact?',
  'What drills would help?',
  'summarise the notes',
  'how did I do?',
  'what can you do?',
  'thanks!',
  'what is the weather',
];

const CONTEXTS: [string, () => ChatContext][] = [
  ['a golf swing', golfContext],
  ['a golf swing within every target', goodGolfContext],
  ['a run', runningContext],
  ['squats, with players and notes', squatsContext],
  ['two golfers', twoGolfersContext],
  ['a movement outside the catalogue', generalContext],
  ['a clip not analysed yet', unanalysedContext],
  ['a clip with nobody measured', emptyContext],
  ['an analysis stored before readings', legacyContext],
];

describe('every number in a built-in answer is a record’s text or a moment’s time', () => {
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
    const context = twoGolfersContext();
    const history = (question: string): ChatContext => ({
      ...context,
      history: [
        { role: 'user', content: question },
        { role: 'assistant', content: composeAnswer(context, question) },
      ],
    });
    for (const [first, next] of [
      ["How is athlete 2's posture at impact?", 'and at the top?'],
      ['what is my tempo?', 'and athlete 2?'],
      ['what happened at 0:04?', 'and at 0:05?'],
    ] as const) {
      const followed = history(first);
      expect(ungroundedNumbers(followed, composeAnswer(followed, next), next)).toEqual([]);
    }
  });
});

describe('the grounding guard', () => {
  it('accepts the records’ texts and the moments, as m:ss.d too', () => {
    const golf = golfContext();
    expect(
      ungroundedNumbers(golf, 'You lost 12° of forward bend by impact (0:04.4); tempo 2.1:1.'),
    ).toEqual([]);
    // A moment written with its tenth: the top at 4.1 s.
    expect(ungroundedNumbers(golf, 'The top of your backswing was at 0:04.1.')).toEqual([]);
  });

  it('catches numbers no record wrote: invented, rounded differently, or raw', () => {
    const golf = golfContext();
    expect(ungroundedNumbers(golf, 'Your tempo was 2.4:1 at 0:05.9, spine 61°.')).toEqual([
      '2.4',
      '5.9',
      '61',
    ]);
    // A record's value in another rounding than its text is not the record's number.
    const tempo = golf.analysis!.athletes[0]!.metrics[0]!;
    const raw = { ...tempo, value: 2.137, text: '2.1:1' };
    const withRaw: ChatContext = {
      ...golf,
      analysis: {
        ...golf.analysis!,
        athletes: [{ ...golf.analysis!.athletes[0]!, metrics: [raw] }],
        keyMetric: { name: 'Club speed', unit: 'm/s', target: null, samples: [[4.4, 38.6]] },
      },
    };
    expect(ungroundedNumbers(withRaw, 'Tempo 2.14:1, club speed 38.6 m/s.')).toEqual([
      '2.14',
      '38.6',
    ]);
    // The asker's own numbers may be repeated back.
    expect(ungroundedNumbers(golf, 'Nobody wearing number 48.', 'who is 48?')).toEqual([]);
  });

  it('holds no more than the readings, points, notes, detections and question give', () => {
    const allowed = groundedNumbers(runningContext());
    // The cadence record, its target and the strikes' times are there; its raw value is not.
    for (const n of ['158', '170', '180', '0.5', '2.2']) expect(allowed.has(n)).toBe(true);
    expect(allowed.has('176')).toBe(false);
  });
});
