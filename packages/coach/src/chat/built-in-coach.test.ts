import { describe, expect, it } from 'vitest';
import { isShallowSquat, THRESHOLDS } from '../thresholds';
import {
  emptyContext,
  squatsContext,
  syntheticContexts,
  unanalysedContext,
} from '../testing/chat-contexts';
import { clock } from '../units';
import { answerQuestion, composeAnswer, streamWords } from './built-in-coach';
import type { ChatContext } from './context';
import { ChatAbortedError } from './errors';

const deg = (value: number) => `${Math.round(value)}°`;
const context = squatsContext();
const athlete = context.analysis!.athletes[0]!;
const reps = athlete.repetitions;
const points = context.analysis!.coachingPoints;

const withHistory = (...turns: [string, string][]): ChatContext => ({
  ...context,
  history: turns.flatMap(([question, answer]) => [
    { role: 'user' as const, content: question },
    { role: 'assistant' as const, content: answer },
  ]),
});

describe('the built-in coach on the real squats clip', () => {
  it('counts the measured squats, with their times', () => {
    expect(reps.length).toBeGreaterThan(0);
    for (const question of ['how many squats?', 'How many reps did I do', 'count my reps']) {
      const answer = composeAnswer(context, question);
      expect(answer).toContain(`**${reps.length} reps**`);
      for (const rep of reps) expect(answer).toContain(`bottom at ${clock(rep.bottom)}`);
    }
  });

  it('says what was measured near 0:05, or that nothing was', () => {
    const t = 5;
    const window = 2;
    const repsNear = reps.filter((r) => r.start <= t + window && r.end >= t - window);
    const pointsNear = points.filter((p) => Math.abs(p.timestamp - t) <= window);
    const answer = composeAnswer(context, 'what happened at 0:05?');
    if (!repsNear.length && !pointsNear.length) {
      expect(answer).toMatch(/Nothing was measured around 0:05/);
      return;
    }
    for (const rep of repsNear) {
      expect(answer).toContain(`Rep ${rep.index}`);
      expect(answer).toContain(`bottom at ${clock(rep.bottom)}`);
      expect(answer).toContain(deg(rep.kneeAngleAtBottom!));
    }
    for (const point of pointsNear) {
      expect(answer).toContain(`${clock(point.timestamp)} **${point.title}**`);
    }
    // The notes and players seen around then come along.
    expect(answer).toContain('Knees caving on this one');
    expect(answer).toContain('Alex Kim');
  });

  it('understands other ways of naming a moment', () => {
    const at05 = composeAnswer(context, 'what happened at 0:05?');
    expect(composeAnswer(context, 'What was going on around 5 seconds?')).toBe(at05);
    expect(composeAnswer(context, 'at 5s?')).toBe(at05);
    expect(composeAnswer(context, 'what happened at 1:05')).toBe(
      `The clip is only ${clock(context.video.duration)} long, so there is nothing at 1:05.`,
    );
  });

  it('puts the worst measured point first when asked what to fix', () => {
    const shallow = reps.filter(isShallowSquat);
    expect(shallow.length).toBeGreaterThan(0);
    const worst = shallow.reduce((a, b) => (b.kneeAngleAtBottom! > a.kneeAngleAtBottom! ? b : a));
    for (const question of [
      'What should I fix first?',
      'what should i work on',
      "What's my biggest problem?",
    ]) {
      const answer = composeAnswer(context, question);
      expect(answer).toMatch(/^\*\*Fix first: depth\.\*\*/);
      // The first moment and the first number it gives are the worst rep's.
      expect(answer.match(/\d+:\d\d/)![0]).toBe(clock(worst.bottom));
      expect(answer.match(/\d+°/)![0]).toBe(deg(worst.kneeAngleAtBottom!));
      expect(answer).toContain(`${THRESHOLDS.shallowKneeAngle}° or less`);
      // Then the next area: the uneven knees point of the analysis.
      const uneven = points.find((p) => p.title === 'Uneven knees')!;
      expect(answer).toContain(`**Then: even knees.** At ${clock(uneven.timestamp)}`);
    }
  });

  it('compares the first and the last rep', () => {
    const [first, last] = [reps[0]!, reps.at(-1)!];
    const answer = composeAnswer(context, 'Compare the first and the last rep');
    expect(answer).toContain(`Rep ${first.index} (${clock(first.bottom)})`);
    expect(answer).toContain(`Rep ${last.index} (${clock(last.bottom)})`);
    expect(answer).toContain(
      `| Knee angle at the bottom | ${deg(first.kneeAngleAtBottom!)} | ${deg(last.kneeAngleAtBottom!)} |`,
    );
    expect(answer).toContain(
      `| Trunk lean at the bottom | ${deg(first.trunkLeanAtBottom!)} | ${deg(last.trunkLeanAtBottom!)} |`,
    );
    expect(answer).toContain(`| Down | ${first.descentSeconds.toFixed(1)} s |`);
    expect(composeAnswer(context, 'first rep vs last rep?')).toBe(answer);
    expect(composeAnswer(context, 'did I get worse over the set?')).toBe(answer);
  });

  it('judges the knee angle against the target', () => {
    const answer = composeAnswer(context, 'Is my knee angle OK?');
    expect(answer).toMatch(reps.some(isShallowSquat) ? /^\*\*Not yet\.\*\*/ : /^\*\*Yes\.\*\*/);
    for (const rep of reps) {
      expect(answer).toContain(`${deg(rep.kneeAngleAtBottom!)} at ${clock(rep.bottom)}`);
    }
    expect(answer).toContain(`${THRESHOLDS.shallowKneeAngle}° or less`);
    expect(composeAnswer(context, 'am I squatting deep enough?')).toBe(answer);

    const back = composeAnswer(context, 'is my back angle ok?');
    expect(back).toMatch(/^\*\*Yes\.\*\*/);
    expect(back).toContain(`under ${THRESHOLDS.trunkLean}°`);
  });

  it('answers about one rep, and follows up on "the last one"', () => {
    const rep2 = reps[1]!;
    const answer = composeAnswer(context, 'tell me about rep 2');
    expect(answer).toContain(`**Rep 2** (${clock(rep2.start)}-${clock(rep2.end)})`);
    expect(answer).toContain(deg(rep2.kneeAngleAtBottom!));

    const last = reps.at(-1)!;
    const followUp = composeAnswer(
      withHistory(['What was my knee angle on the first rep?', '…']),
      'and the last one?',
    );
    expect(followUp).toContain(`${deg(last.kneeAngleAtBottom!)} at ${clock(last.bottom)}`);
    expect(followUp).not.toContain(deg(reps[0]!.kneeAngleAtBottom!));

    const afterCount = composeAnswer(withHistory(['how many reps?', '…']), 'and the last one?');
    expect(afterCount).toMatch(new RegExp(`^\\*\\*Rep ${last.index}\\*\\*`));

    const otherTopic = composeAnswer(
      withHistory(['is my knee angle ok?', '…']),
      'what about my back?',
    );
    expect(otherTopic).toBe(composeAnswer(context, 'is my back angle ok?'));
  });

  it('names number 7 from the detections, and says so when there are none', () => {
    expect(composeAnswer(context, 'Who is number 7?')).toBe(
      'Number 7 is **Alex Kim** (#7, red shirt), seen 0:01-0:06, confidence up to 91 %.',
    );
    expect(composeAnswer(context, "who's wearing #9")).toBe(
      'Nobody wearing number 9 was detected in this clip. Numbers read: #7 and #12.',
    );
    expect(composeAnswer(context, 'who is number twelve')).toMatch(
      /^Number 12 was detected but not identified/,
    );
    const everyone = composeAnswer(context, 'who is in the video?');
    expect(everyone).toContain('**Alex Kim**');
    expect(everyone).toContain('Not identified (#12, blue shirt)');

    const noDetections = { ...context, playerDetections: [] };
    expect(composeAnswer(noDetections, 'Who is number 7?')).toMatch(
      /^No players were detected in this clip, so I can't tell who number 7 is\. The pose scan measured 1 athlete/,
    );
  });

  it('summarises the notes by time, with their sentiment', () => {
    const answer = composeAnswer(context, 'summarise the notes');
    const setup = answer.indexOf('**0:01** Coach Sam: “Nice setup, good brace” _(positive, 80 %)_');
    const caving = answer.indexOf(
      '**0:06** Coach Sam: “Knees caving on this one” _(negative, 72 %)_',
    );
    expect(setup).toBeGreaterThan(0);
    expect(caving).toBeGreaterThan(setup);
    // The note at 0:06 is where the analysis measured rep 2's shallow bottom.
    expect(answer).toContain('Measured there: **Rep 2: sit deeper**');
    expect(composeAnswer({ ...context, annotations: [] }, 'What did the coach say?')).toMatch(
      /^There are no notes on this video yet/,
    );
  });

  it('suggests drills for the weakest measured areas, tied to the measured fault', () => {
    const answer = composeAnswer(context, 'drills for what you saw?');
    expect(answer).toContain('**For depth**');
    expect(answer).toContain('**Box squat**');
    expect(answer).toContain('**For knee symmetry**');
    expect(answer.match(/^- \*\*/gm)).toHaveLength(3);
  });

  it('answers a greeting, thanks and an unknown question with what it can answer', () => {
    expect(composeAnswer(context, 'hello')).toMatch(/^Hi! I answer from what was measured in/);
    expect(composeAnswer(context, 'thanks!')).toMatch(/^You're welcome/);
    const unknown = composeAnswer(context, "what's the weather like tomorrow?");
    expect(unknown).toMatch(/^I can only answer from what this clip's measurements/);
    expect(unknown).toContain('**What should I fix first?**');
    expect(unknown).toContain(`**What happened at ${clock(points[0]!.timestamp)}?**`);
    expect(unknown).toContain('**Who is number 7?**');
  });

  it('says plainly when the clip was not analysed, or showed no athlete', () => {
    const waiting = unanalysedContext();
    for (const question of ['how many reps?', 'what should I fix first?', 'is my knee angle ok?']) {
      expect(composeAnswer(waiting, question)).toMatch(/has not been analysed yet/);
    }
    // Detections and notes are still there to talk about.
    expect(composeAnswer(waiting, 'who is number 7?')).toMatch(/^Number 7 is \*\*Alex Kim\*\*/);
    expect(composeAnswer(waiting, 'what happened at 0:06?')).toContain('Knees caving on this one');

    const nobody = emptyContext();
    expect(composeAnswer(nobody, 'how many reps?')).toMatch(/^The analysis found no athlete/);
    expect(composeAnswer(nobody, 'what happened at 0:04')).toMatch(
      /^Nothing was measured around 0:04: .* The analysis measured no athlete in this clip\.$/,
    );
  });

  it('agrees with the written feedback on what comes first', () => {
    const leaning = syntheticContexts.leaningSquats();
    expect(leaning.analysis!.overallFeedback).toMatch(/depth is the first thing to fix/);
    const answer = composeAnswer(leaning, 'what should I fix first?');
    expect(answer).toMatch(/^\*\*Fix first: depth\.\*\*/);
    expect(answer).toContain('**Then: chest up.**');
  });

  it('answers jumps, landings and arms on a jump clip', () => {
    const jumps = syntheticContexts.jumps();
    const [, second] = jumps.analysis!.athletes[0]!.jumps;
    expect(composeAnswer(jumps, 'how many jumps?')).toMatch(/^\*\*2 jumps\*\* measured/);
    const fix = composeAnswer(jumps, 'what should I fix first?');
    expect(fix).toMatch(/^\*\*Fix first: soft landings\.\*\*/);
    expect(fix.match(/\d+:\d\d/)![0]).toBe(clock(second!.landingKneeAt));
    expect(fix.match(/\d+°/)![0]).toBe(deg(second!.landingKneeAngle!));
    expect(composeAnswer(jumps, 'are my landings ok?')).toMatch(/^\*\*Not yet\.\*\*/);
    expect(composeAnswer(jumps, 'compare the first and last jump')).toContain(
      '**Jump 1 vs jump 2**',
    );
    expect(composeAnswer(jumps, 'how many reps?')).toMatch(/^No reps were measured/);
  });
});

describe('streaming', () => {
  it('yields the answer word by word, the chunks joining to the whole answer', async () => {
    const question = 'What should I fix first?';
    const chunks: string[] = [];
    for await (const chunk of answerQuestion(context, question)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.join('')).toBe(composeAnswer(context, question));
    for (const chunk of chunks) expect(chunk).toMatch(/^\S+\s*$/);
  });

  it('stops at once when the signal fires', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    await expect(async () => {
      for await (const chunk of answerQuestion(context, 'how many reps?', {
        signal: controller.signal,
      })) {
        chunks.push(chunk);
        if (chunks.length === 2) controller.abort();
      }
    }).rejects.toBeInstanceOf(ChatAbortedError);
    expect(chunks).toHaveLength(2);
  });

  it('does not wait out a word delay once aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const stream = streamWords('one two three', { signal: controller.signal, wordDelayMs: 5_000 });
    expect((await stream.next()).value).toBe('one ');
    setTimeout(() => controller.abort(), 20);
    await expect(stream.next()).rejects.toBeInstanceOf(ChatAbortedError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers nothing when the signal fired before the start', async () => {
    const stream = answerQuestion(context, 'hi', { signal: AbortSignal.abort() });
    await expect(stream.next()).rejects.toBeInstanceOf(ChatAbortedError);
  });
});
