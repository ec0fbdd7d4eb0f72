import { describe, expect, it } from 'vitest';
import { golfContext, runningContext, twoGolfersContext } from '../../testing/chat-contexts';
import { normalise, readQuestion, timeIn, type Intent } from './question';
import { clipWords } from './readings';

const golf = clipWords(golfContext());
const run = clipWords(runningContext());
const pair = clipWords(twoGolfersContext());

describe('reading a question', () => {
  it.each<[string, Intent]>([
    ['What should I work on?', 'fix-first'],
    ['what should i fix first', 'fix-first'],
    ["What's my biggest mistake?", 'fix-first'],
    ['what did I do wrong', 'fix-first'],
    ['What happened at 0:12?', 'moment'],
    ['anything around 12 s?', 'moment'],
    ['what happened at 12', 'moment'],
    ['How many swings did I do?', 'count'],
    ['how many reps?', 'count'],
    ['compare the two golfers', 'compare'],
    ['first swing vs last swing', 'compare'],
    ['How is my posture at impact?', 'measure'],
    ['What happened at the top?', 'measure'],
    ['What is my tempo?', 'measure'],
    ['Is my tempo OK?', 'measure'],
    ['how was my head?', 'measure'],
    ['why was my posture off at impact?', 'why'],
    ['Who is number 7?', 'who'],
    ['who is in the video', 'who'],
    ['Drills for what you saw', 'drills'],
    ['what drills would help my posture at impact', 'drills'],
    ['Summarise the notes', 'notes'],
    ['how did I do?', 'overview'],
    ['how was my swing?', 'overview'],
    ['hi', 'greeting'],
    ['thanks', 'thanks'],
    ['what can you do?', 'help'],
    ['what is the weather tomorrow', 'unknown'],
    ['', 'unknown'],
  ])('%j → %s', (question, intent) => {
    expect(readQuestion(question, [], golf).intent).toBe(intent);
  });

  it('finds the moment a question names by the movement’s own phase words', () => {
    expect(readQuestion('How is my posture at impact?', [], golf)).toMatchObject({
      phase: 'impact',
      topics: ['posture'],
      yesNo: false,
    });
    expect(readQuestion('what about when I hit the ball', [], golf).phase).toBe('impact');
    expect(readQuestion('at the top?', [], golf).phase).toBe('top');
    expect(readQuestion('how was my setup', [], golf).phase).toBe('address');
    expect(readQuestion('what happened at foot strike?', [], run)).toMatchObject({
      phase: 'foot_strike',
      topics: [],
    });
    // A golf moment in a run is another movement's.
    expect(readQuestion('How is my posture at impact?', [], run)).toMatchObject({
      phase: undefined,
      foreignPhase: 'Impact',
    });
    // Without the clip's words, no phase at all.
    expect(readQuestion('How is my posture at impact?').phase).toBeUndefined();
  });

  it('tells a "how" question from a yes-or-no one', () => {
    expect(readQuestion('How is my posture at impact?', [], golf).yesNo).toBe(false);
    expect(readQuestion('Is my posture OK at impact?', [], golf).yesNo).toBe(true);
    expect(readQuestion('Was my tempo good enough?', [], golf).yesNo).toBe(true);
  });

  it('selects an athlete by number, ordinal, name or shirt', () => {
    expect(readQuestion("How is athlete 2's posture?", [], pair).athlete).toBe(2);
    expect(readQuestion('the second player’s tempo?', [], pair).athlete).toBe(2);
    expect(readQuestion("What is Alex's tempo?", [], pair).athlete).toBe(1);
    expect(readQuestion('tempo of the one in the white shirt', [], pair).athlete).toBe(2);
    expect(readQuestion('What is my tempo?', [], pair).athlete).toBeUndefined();
    expect(readQuestion('the second player’s tempo?', [], pair).ordinals).toEqual([]);
  });

  it('reads moments in the ways people write them', () => {
    expect(timeIn(normalise('at 0:12?'))).toBe(12);
    expect(timeIn(normalise('at 1:05'))).toBe(65);
    expect(timeIn(normalise('around 12 s'))).toBe(12);
    expect(timeIn(normalise('at 7.5 seconds'))).toBe(7.5);
    expect(timeIn(normalise('at 1 min 5 s'))).toBe(65);
    expect(timeIn(normalise('second 9 of the clip'))).toBe(9);
    expect(timeIn(normalise('how many swings'))).toBeUndefined();
    expect(timeIn(normalise('my 2nd swing'))).toBeUndefined();
  });

  it('reads shirt numbers and ordinals', () => {
    expect(readQuestion('who is number seven?').jersey).toBe('7');
    expect(readQuestion('Who is No. 10?').jersey).toBe('10');
    expect(readQuestion('how was swing number 2').jersey).toBeUndefined();
    expect(readQuestion('compare rep 1 and rep 3').ordinals).toEqual([1, 3]);
  });

  it('follows up on the conversation', () => {
    const history = (question: string) => [
      { role: 'user' as const, content: question },
      { role: 'assistant' as const, content: '…' },
    ];
    expect(
      readQuestion('and at the top?', history('How is my posture at impact?'), golf),
    ).toMatchObject({ intent: 'measure', phase: 'top', topics: ['posture'] });
    expect(
      readQuestion('what about my head?', history('How is my posture at impact?'), golf),
    ).toMatchObject({ intent: 'measure', phase: 'impact', topics: ['head'] });
    expect(readQuestion('and athlete 2?', history('What is my tempo?'), pair)).toMatchObject({
      intent: 'measure',
      athlete: 2,
    });
    expect(readQuestion('and at 0:05?', history('what happened at 0:04?'), golf)).toMatchObject({
      intent: 'moment',
      time: 5,
    });
    // A question that stands on its own is not bent by the one before.
    expect(readQuestion('who is number 7?', history('What is my tempo?'), golf).intent).toBe('who');
    // The server may store the question before asking for the answer.
    expect(
      readQuestion(
        'and at the top?',
        [...history('How is my posture at impact?'), { role: 'user', content: 'and at the top?' }],
        golf,
      ).phase,
    ).toBe('top');
  });
});
