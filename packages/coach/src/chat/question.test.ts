import { describe, expect, it } from 'vitest';
import { normalise, readQuestion, timeIn, type Intent } from './question';

describe('reading a question', () => {
  it.each<[string, Intent]>([
    ['What should I work on?', 'fix-first'],
    ['what should i fix first', 'fix-first'],
    ["What's my biggest mistake?", 'fix-first'],
    ['How can I improve?', 'fix-first'],
    ['what did I do wrong', 'fix-first'],
    ['What happened at 0:12?', 'moment'],
    ['anything around 12 s?', 'moment'],
    ['what was going on at 1:05', 'moment'],
    ['what happened at 12', 'moment'],
    ['How many reps?', 'count'],
    ['how many squats did i do', 'count'],
    ['Count my jumps', 'count'],
    ['number of repetitions?', 'count'],
    ['Compare the first and the last rep', 'compare'],
    ['first rep vs last rep', 'compare'],
    ['did my form get worse over the set?', 'compare'],
    ['Is my knee angle OK?', 'check'],
    ['am I going deep enough', 'check'],
    ['is my back straight enough?', 'check'],
    ['Was my tempo consistent?', 'check'],
    ['are my landings soft enough', 'check'],
    ['how high did I jump?', 'check'],
    ['Why was my knee angle 107° at 0:02?', 'why'],
    ['why did my trunk lean so much', 'why'],
    ['tell me about rep 2', 'repetition'],
    ['how was my second squat?', 'repetition'],
    ['Who is number 7?', 'who'],
    ["who's #23", 'who'],
    ['who is in the video', 'who'],
    ['how many players are in the clip?', 'who'],
    ['Drills for what you saw', 'drills'],
    ['What exercises should I do?', 'drills'],
    ['what drills would help my depth', 'drills'],
    ['Summarise the notes', 'notes'],
    ['summarize the comments please', 'notes'],
    ['what did the coach say?', 'notes'],
    ['how did I do?', 'overview'],
    ['overall?', 'overview'],
    ['hi', 'greeting'],
    ['Hey there!', 'greeting'],
    ['thanks', 'thanks'],
    ['thank you so much', 'thanks'],
    ['what can you do?', 'help'],
    ['what is the weather tomorrow', 'unknown'],
    ['', 'unknown'],
  ])('%j → %s', (question, intent) => {
    expect(readQuestion(question).intent).toBe(intent);
  });

  it('reads moments in the ways people write them', () => {
    expect(timeIn(normalise('at 0:12?'))).toBe(12);
    expect(timeIn(normalise('at 1:05'))).toBe(65);
    expect(timeIn(normalise('around 12 s'))).toBe(12);
    expect(timeIn(normalise('around 12s'))).toBe(12);
    expect(timeIn(normalise('at 7.5 seconds'))).toBe(7.5);
    expect(timeIn(normalise('at 1 min 5 s'))).toBe(65);
    expect(timeIn(normalise('second 9 of the clip'))).toBe(9);
    expect(timeIn(normalise('how many squats'))).toBeUndefined();
    expect(timeIn(normalise('my 2nd squat'))).toBeUndefined();
  });

  it('reads shirt numbers, reps and topics', () => {
    expect(readQuestion('who is number seven?').jersey).toBe('7');
    expect(readQuestion('Who is No. 10?').jersey).toBe('10');
    expect(readQuestion("who's wearing 23").jersey).toBe('23');
    expect(readQuestion('how was rep number 2').jersey).toBeUndefined();
    expect(readQuestion('compare rep 1 and rep 3').ordinals).toEqual([1, 3]);
    expect(readQuestion('compare the first and the last squat').ordinals).toEqual([1, 'last']);
    expect(readQuestion('is my back angle ok').topic).toBe('trunk');
    expect(readQuestion('knee angle on landing?').topic).toBe('landing');
    expect(readQuestion('are my knees uneven').topic).toBe('symmetry');
  });

  it('follows up on the conversation', () => {
    const history = (question: string) => [
      { role: 'user' as const, content: question },
      { role: 'assistant' as const, content: '…' },
    ];
    expect(readQuestion('and the last one?', history('how many reps?'))).toMatchObject({
      intent: 'repetition',
      ordinals: ['last'],
    });
    expect(
      readQuestion('and the last one?', history('knee angle on the first rep?')),
    ).toMatchObject({ intent: 'check', topic: 'depth', ordinals: ['last'] });
    expect(readQuestion('what about my back?', history('is my knee angle ok?'))).toMatchObject({
      intent: 'check',
      topic: 'trunk',
    });
    expect(readQuestion('and jumps?', history('how many reps?'))).toMatchObject({
      intent: 'count',
      subject: 'jumps',
    });
    expect(readQuestion('and at 0:09?', history('what happened at 0:05?'))).toMatchObject({
      intent: 'moment',
      time: 9,
    });
    // A question that stands on its own is not bent by the one before.
    expect(readQuestion('who is number 7?', history('how many reps?')).intent).toBe('who');
    // The server may store the question before asking for the answer.
    expect(
      readQuestion('and the last one?', [
        ...history('how many reps?'),
        { role: 'user', content: 'and the last one?' },
      ]).intent,
    ).toBe('repetition');
  });
});
