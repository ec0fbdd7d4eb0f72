import { describe, expect, it } from 'vitest';
import { isShallowSquat } from '../thresholds';
import {
  emptyContext,
  squatsContext,
  syntheticContexts,
  unanalysedContext,
} from '../testing/chat-contexts';
import { clock } from '../units';
import { composeAnswer } from './built-in-coach';
import { readQuestion } from './question';
import { suggestedPrompts } from './suggested-prompts';

describe('suggested prompts', () => {
  it('ask first about the weakest measured moment, with its number and time', () => {
    const context = squatsContext();
    const reps = context.analysis!.athletes[0]!.repetitions;
    const worst = reps
      .filter(isShallowSquat)
      .reduce((a, b) => (b.kneeAngleAtBottom! > a.kneeAngleAtBottom! ? b : a));
    const prompts = suggestedPrompts(context);
    expect(prompts).toEqual([
      `Why was my knee angle ${Math.round(worst.kneeAngleAtBottom!)}° at ${clock(worst.bottom)}?`,
      'How many reps did I do?',
      'What drills would help my depth?',
      'Compare my first and last rep',
    ]);
    // The first one's answer is about that very moment.
    expect(composeAnswer(context, prompts[0]!)).toMatch(
      new RegExp(`^At ${clock(worst.bottom)} \\(rep ${worst.index}\\) the knee angle`),
    );
  });

  it('follow what the clip shows', () => {
    const jumps = suggestedPrompts(syntheticContexts.jumps());
    expect(jumps[0]).toMatch(/^Why was my landing at \d:\d\d so stiff \(\d+°\)\?$/);
    expect(jumps).toContain('How many jumps did I do?');
    expect(suggestedPrompts(syntheticContexts.goodSquats())[0]).toBe('What did I do well?');
  });

  it('are generic but sensible without an analysis or an athlete', () => {
    expect(suggestedPrompts(unanalysedContext())).toEqual([
      'What should I work on first?',
      'How many reps did I do?',
      'Summarise the notes',
      'Who is in the video?',
    ]);
    expect(suggestedPrompts(emptyContext())).toEqual([
      'Summarise the notes',
      'Why was no athlete measured?',
      'What can you answer?',
    ]);
  });

  it('are all questions the built-in coach understands', () => {
    for (const context of [
      squatsContext(),
      syntheticContexts.jumps(),
      syntheticContexts.hold(),
      syntheticContexts.goodSquats(),
      syntheticContexts.leaningSquats(),
      unanalysedContext(),
      emptyContext(),
    ]) {
      const prompts = suggestedPrompts(context);
      expect(prompts.length).toBeGreaterThanOrEqual(3);
      expect(prompts.length).toBeLessThanOrEqual(4);
      for (const prompt of prompts) expect(readQuestion(prompt).intent).not.toBe('unknown');
    }
  });
});
