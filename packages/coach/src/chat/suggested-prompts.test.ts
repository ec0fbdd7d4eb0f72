import { describe, expect, it } from 'vitest';
import { guideFor } from '../movements/catalogue';
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
import { ungroundedNumbers } from './grounding';
import { readQuestion } from './question';
import { clipWords } from './readings';
import { suggestedPrompts } from './suggested-prompts';

describe('suggested prompts', () => {
  it('come from the golf swing: posture at impact, tempo, its drills', () => {
    const golf = golfContext();
    const posture = guideFor('golf_swing').faults.find((f) => f.topic === 'posture')!;
    const tempo = guideFor('golf_swing').faults.find((f) => f.topic === 'tempo')!;
    expect(suggestedPrompts(golf)).toEqual([
      'How is my posture at impact?',
      'What is my tempo?',
      'What drills would help my tempo?',
      'What should I work on first?',
    ]);
    expect(composeAnswer(golf, 'What drills would help my tempo?')).toContain(
      `**${tempo.drills[0]!.name}**`,
    );
    // The first one's answer is impact's posture measure, quoted.
    expect(composeAnswer(golf, 'How is my posture at impact?')).toContain(posture.cue);
  });

  it('come from the run: cadence, foot strike, running drills', () => {
    const prompts = suggestedPrompts(runningContext());
    expect(prompts).toContain('What is my cadence?');
    expect(prompts[0]).toMatch(/ at foot strike\?$/);
    expect(prompts.join(' ')).not.toMatch(/impact|tempo|reps/i);
  });

  it('follow what the clip shows', () => {
    expect(suggestedPrompts(squatsContext())).toContain('How many reps did I do?');
    expect(suggestedPrompts(squatsContext())[0]).toBe('How is my depth at the bottom?');
    expect(suggestedPrompts(goodGolfContext())).toContain('What did I do well?');
    expect(suggestedPrompts(twoGolfersContext())).toContain(
      'Compare Alex Kim and Athlete 2 (white shirt)',
    );
  });

  it('are generic but sensible without an analysis or an athlete', () => {
    expect(suggestedPrompts(unanalysedContext())).toEqual([
      'What should I work on first?',
      'How did I do?',
      'Summarise the notes',
      'Who is in the video?',
    ]);
    expect(suggestedPrompts(emptyContext())).toEqual([
      'Summarise the notes',
      'Why was no athlete measured?',
      'What can you answer?',
    ]);
  });

  it.each<[string, () => ChatContext]>([
    ['golf', golfContext],
    ['good golf', goodGolfContext],
    ['running', runningContext],
    ['squats', squatsContext],
    ['two golfers', twoGolfersContext],
    ['general', generalContext],
    ['legacy', legacyContext],
    ['unanalysed', unanalysedContext],
    ['empty', emptyContext],
  ])('are each answered from the %s clip', (_, make) => {
    const context = make();
    const prompts = suggestedPrompts(context);
    expect(prompts.length).toBeGreaterThanOrEqual(2);
    expect(prompts.length).toBeLessThanOrEqual(4);
    for (const prompt of prompts) {
      expect(readQuestion(prompt, [], clipWords(context)).intent, prompt).not.toBe('unknown');
      const answer = composeAnswer(context, prompt);
      expect(answer, prompt).not.toMatch(/^(I can only answer|That was not measured)/);
      expect(answer, prompt).not.toMatch(/not found in this clip|which has no/);
      expect(ungroundedNumbers(context, answer, prompt), prompt).toEqual([]);
    }
  });
});
