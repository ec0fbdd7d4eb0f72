import type { AthleteReading, MetricRecord } from '@filmroom/contract';
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
import { answerQuestion, composeAnswer, streamWords } from './built-in-coach';
import type { ChatContext } from './context';
import { ChatAbortedError } from './errors';
import { clipWords } from './readings';

const golf = golfContext();
const golfer = golf.analysis!.athletes[0]!;
const event = (reading: AthleteReading, name: string) =>
  reading.events.find((e) => e.name === name)!;
const recordAt = (reading: AthleteReading, name: string): MetricRecord =>
  reading.metrics.find((r) => r.event === name && /bend|lean/i.test(r.name))!;
const drillNames = (movement: Parameters<typeof guideFor>[0]) =>
  guideFor(movement).faults.flatMap((fault) => fault.drills.map((drill) => drill.name));

const withHistory = (context: ChatContext, ...turns: [string, string][]): ChatContext => ({
  ...context,
  history: turns.flatMap(([question, answer]) => [
    { role: 'user' as const, content: question },
    { role: 'assistant' as const, content: answer },
  ]),
});

describe('phase words find their moment', () => {
  // The top of the backswing (4.1 s) and impact (4.4 s) fall in the same second, each with a
  // posture measure of its own: the answer must be impact's.
  const top = event(golfer, 'top');
  const impact = event(golfer, 'impact');
  const atTop = recordAt(golfer, 'top');
  const atImpact = recordAt(golfer, 'impact');

  it('answers "How is my posture at impact?" with impact’s time and impact’s records, not the top’s', () => {
    expect(Math.floor(top.t)).toBe(Math.floor(impact.t));
    const answer = composeAnswer(golf, 'How is my posture at impact?');
    expect(answer).toMatch(/^\*\*At impact \(0:04\.4\)\*\*/);
    expect(answer).toContain(`**${atImpact.name}**: ${atImpact.text} at impact (0:04.4)`);
    expect(answer).toContain(atImpact.target!);
    // Nothing of the top: neither its time nor its measure.
    expect(answer).not.toContain('0:04.1');
    expect(answer).not.toContain(atTop.text);
    expect(answer).not.toMatch(/\b0:04\b(?!\.)/);
    // Only posture: tempo is also measured at impact, but was not asked about.
    expect(answer).not.toContain('Backswing:downswing tempo');
    // A "how" question gets a description, not a yes or no.
    expect(answer).not.toMatch(/\*\*(Yes|No|Not yet)\.\*\*/);
    // The fault's cue comes from the golf swing's guide.
    const fault = guideFor('golf_swing').faults.find((f) => f.topic === 'posture')!;
    expect(answer).toContain(fault.cue);
  });

  it('gives a verdict when asked for one', () => {
    expect(composeAnswer(golf, 'Is my posture OK at impact?')).toMatch(
      /^\*\*At impact \(0:04\.4\)\*\* \*\*Not yet\.\*\*/,
    );
    expect(composeAnswer(goodGolfContext(), 'Is my posture OK at impact?')).toMatch(
      /^\*\*At impact \(0:04\.4\)\*\* \*\*Yes\.\*\*/,
    );
  });

  it('finds the top and the address by the golf swing’s own words', () => {
    const answer = composeAnswer(golf, 'What happened at the top?');
    expect(answer).toMatch(/^\*\*At the top of the backswing \(0:04\.1\)\*\*/);
    expect(answer).toContain(atTop.text);
    expect(answer).not.toContain(atImpact.text);
    expect(answer).not.toContain('0:04.4');

    const address = composeAnswer(golf, 'how was my setup at address?');
    expect(address).toContain(`At address (0:01.2)`);
    expect(address).toContain(recordAt(golfer, 'address').text);
  });

  it('says which measure was not taken at the moment asked, and where it was', () => {
    const answer = composeAnswer(golf, 'what is my tempo at the top?');
    expect(answer).toMatch(
      /^\*\*At the top of the backswing \(0:04\.1\)\*\*: that was not measured/,
    );
    expect(answer).toContain('Measured at other moments:');
    expect(answer).toContain('**Backswing:downswing tempo**: 2.1:1 at impact (0:04.4)');
  });

  it('names a moment another movement has as not part of this one, with this clip’s moments', () => {
    const answer = composeAnswer(runningContext(), 'How is my posture at impact?');
    expect(answer).toMatch(/^This clip shows running \/ sprinting, which has no impact\./);
    expect(answer).toContain('foot strike (6 times: 0:00.5, 0:00.8, 0:01.2, …)');
    expect(answer).not.toMatch(/address|backswing|bottom/i);
  });

  it('finds every foot strike of a run and the squat’s bottoms', () => {
    const run = composeAnswer(runningContext(), 'what happened at foot strike?');
    expect(run).toMatch(
      /^\*\*At foot strike \(0:00\.5, 0:00\.8, 0:01\.2, 0:01\.5, 0:01\.9, 0:02\.2\)\*\*/,
    );
    expect(run).toContain('**Cadence**: 158 steps/min at foot strike (0:00.5)');

    const squats = composeAnswer(squatsContext(), 'how is my depth at the bottom?');
    expect(squats).toMatch(/^\*\*At the bottom \(0:02\.3, 0:06\.4, 0:11\.2\)\*\*/);
    expect(squats).toContain('107° at the bottom of rep 1 (0:02.3)');
    expect(squats).not.toContain('Trunk lean');
    const last = composeAnswer(squatsContext(), 'what happened at the bottom of the last rep?');
    expect(last).toMatch(/^\*\*At the bottom \(0:11\.2\)\*\*/);
    expect(last).toContain('38°');
    expect(last).not.toContain('107°');
  });
});

describe('measures by name', () => {
  it('quotes the running cadence record’s own text', () => {
    const run = runningContext();
    const cadence = run.analysis!.athletes[0]!.metrics.find((r) => r.name === 'Cadence')!;
    const answer = composeAnswer(run, 'What is my cadence?');
    expect(answer).toContain(`**Cadence**: ${cadence.text} at foot strike (0:00.5)`);
    expect(answer).toContain(`target ${cadence.target}: outside the target.`);
    expect(answer).not.toMatch(/\*\*(Yes|Not yet)\.\*\*/);
  });

  it('describes the golf tempo for "what", and judges it for "is … OK"', () => {
    const answer = composeAnswer(golf, 'What is my tempo?');
    expect(answer).toBe(
      `- **Backswing:downswing tempo**: 2.1:1 at impact (0:04.4), target near 3:1 (2.5-3.5): outside the target. ${guideFor('golf_swing').faults.find((f) => f.topic === 'tempo')!.cue}`,
    );
    expect(composeAnswer(golf, 'Is my tempo ok?')).toMatch(/^\*\*Not yet\.\*\*\n- \*\*Backswing/);
  });
});

describe('drills belong to the movement and its faults', () => {
  it('suggests the golf swing’s drills for its faults, and never a squat’s', () => {
    const answer = composeAnswer(golf, 'What drills would help?');
    const faults = guideFor('golf_swing').faults.filter((f) =>
      golfer.metrics.some((r) => r.status === 'fault' && r.id === `a1.${f.metric}`),
    );
    expect(faults.length).toBe(2);
    for (const fault of faults) {
      expect(answer).toContain(`**${fault.title}**`);
      expect(answer).toContain(`**${fault.drills[0]!.name}**`);
    }
    for (const name of drillNames('squat')) expect(answer).not.toContain(name);
    // Only this golfer's faults: the head stayed steady, so no drill for it.
    const head = guideFor('golf_swing').faults.find((f) => f.topic === 'head')!;
    for (const drill of head.drills) expect(answer).not.toContain(drill.name);
  });

  it('narrows to the fault asked about', () => {
    const posture = guideFor('golf_swing').faults.find((f) => f.topic === 'posture')!;
    const tempo = guideFor('golf_swing').faults.find((f) => f.topic === 'tempo')!;
    const answer = composeAnswer(golf, 'drills for my posture at impact?');
    expect(answer).toContain(posture.drills[0]!.name);
    for (const drill of tempo.drills) expect(answer).not.toContain(drill.name);
  });

  it('with no fault, keeps the strengths with the movement’s own drills', () => {
    const answer = composeAnswer(goodGolfContext(), 'What drills would help?');
    expect(answer).toContain('Nothing measured was off in this golf swing');
    expect(answer).toMatch(/within the target/);
    const golfDrills = drillNames('golf_swing');
    const named = [...answer.matchAll(/\*\*([^*]+)\*\* \(/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(golfDrills).toContain(name);
    for (const name of drillNames('squat')) expect(answer).not.toContain(name);
  });

  it('gives running drills for a run and says so when a movement has none', () => {
    const run = composeAnswer(runningContext(), 'drills?');
    const cadence = guideFor('running').faults.find((f) => f.topic === 'rhythm')!;
    expect(run).toContain(cadence.drills[0]!.name);
    for (const name of [...drillNames('golf_swing'), ...drillNames('squat')]) {
      expect(run).not.toContain(name);
    }
    expect(composeAnswer(generalContext(), 'what drills should I do?')).toContain(
      'Nothing measured was off in this general movement, and there is no drill to add',
    );
  });
});

describe('what it cannot answer', () => {
  it('lists only this clip’s moments and measures', () => {
    const unknown = composeAnswer(golf, "what's the weather like tomorrow?");
    expect(unknown).toMatch(/^I can only answer from what this clip's measurements/);
    expect(unknown).toContain(
      'address (0:01.2), top of the backswing (0:04.1), impact (0:04.4) and finish (0:05.3)',
    );
    for (const record of golfer.metrics) expect(unknown).toContain(record.name);
    expect(unknown).not.toMatch(/cadence|foot strike|knee angle|reps?\b|jump/i);

    const run = composeAnswer(runningContext(), "what's the weather like tomorrow?");
    expect(run).toContain('foot strike (6 times');
    expect(run).toContain('Cadence');
    expect(run).not.toMatch(/impact|backswing|tempo/i);
    expect(run).not.toBe(unknown);
  });

  it('answers a measure this clip does not have with what it does have', () => {
    const answer = composeAnswer(golf, 'What is my cadence?');
    expect(answer).toMatch(/^That was not measured in this clip\./);
    expect(answer).toContain('Backswing:downswing tempo');
    expect(answer).not.toMatch(/Cadence/);
  });
});

describe('several athletes', () => {
  const pair = twoGolfersContext();
  const [alex, second] = pair.analysis!.athletes;

  it('selects a reading by number, by name or by shirt colour', () => {
    const byNumber = composeAnswer(pair, "How is athlete 2's posture at impact?");
    expect(byNumber).toMatch(/^\*\*Athlete 2 \(white shirt\)\*\* \(golf swing\): \*\*At impact/);
    expect(byNumber).toContain(recordAt(second!, 'impact').text);
    expect(byNumber).not.toContain(recordAt(alex!, 'impact').text);

    const byName = composeAnswer(pair, "What is Alex's tempo?");
    expect(byName).toMatch(/^\*\*Alex Kim\*\*/);
    expect(byName).toContain('2.1:1');
    expect(byName).not.toContain('3.2:1');

    expect(composeAnswer(pair, 'tempo of the golfer in the white shirt?')).toContain('3.2:1');
    expect(composeAnswer(pair, 'What is the tempo of athlete 5?')).toMatch(
      /^There is no athlete 5 in this clip\. It shows \*\*Alex Kim\*\*, \*\*Athlete 2 \(white shirt\)\*\*\./,
    );
  });

  it('names each athlete when the question is about all of them, and compares them', () => {
    const both = composeAnswer(pair, 'How is my posture at impact?');
    expect(both).toContain('**Alex Kim** (golf swing)');
    expect(both).toContain('**Athlete 2 (white shirt)** (golf swing)');
    const table = composeAnswer(pair, 'compare the two golfers');
    expect(table).toContain('| Backswing:downswing tempo | 2.1:1 (outside the target) | 3.2:1 |');
  });

  it('follows up on the athlete and the moment asked before', () => {
    const followed = withHistory(pair, ["How is athlete 2's posture at impact?", '…']);
    const atTop = composeAnswer(followed, 'and at the top?');
    expect(atTop).toMatch(/^\*\*Athlete 2 \(white shirt\)\*\* \(golf swing\): \*\*At the top/);
  });
});

describe('the other questions', () => {
  it('puts the movement’s first fault first', () => {
    const answer = composeAnswer(golf, 'What should I fix first?');
    const [first] = guideFor('golf_swing').faults.filter((f) =>
      golfer.metrics.some((r) => r.status === 'fault' && r.id === `a1.${f.metric}`),
    );
    expect(answer).toMatch(new RegExp(`^\\*\\*Fix first: ${first!.title.toLowerCase()}\\.\\*\\*`));
    expect(answer).toContain('**Then: ');
  });

  it('counts repetitions by the movement’s repeated moment', () => {
    expect(composeAnswer(squatsContext(), 'How many reps did I do?')).toBe(
      '**3 reps** measured, bottom at 0:02.3, 0:06.4, 0:11.2.',
    );
    expect(composeAnswer(golf, 'how many swings did I do?')).toBe(
      '**1 swing** measured: address at 0:01.2, top of the backswing at 0:04.1, impact at 0:04.4 and finish at 0:05.3.',
    );
    expect(composeAnswer(runningContext(), 'how many strides?')).toMatch(
      /^\*\*6 strides\*\* measured, foot strike at 0:00\.5, 0:00\.8/,
    );
    // An analysis stored before readings kept a count: the repeated moment is counted.
    const older = squatsContext();
    const { repetitions: _, ...uncounted } = older.analysis!.athletes[0]!;
    const before = {
      ...older,
      analysis: { ...older.analysis!, athletes: [uncounted as AthleteReading] },
    };
    expect(composeAnswer(before, 'How many reps did I do?')).toBe(
      '**3 reps** measured, bottom at 0:02.3, 0:06.4, 0:11.2.',
    );
  });

  it('gives an overview in the movement’s words', () => {
    const answer = composeAnswer(golf, 'How did I do?');
    expect(answer).toContain(
      '**Golf swing** (as recognised from the movement), filmed down the line.',
    );
    expect(answer).toContain('Key moments: address (0:01.2)');
    expect(answer).toContain('Not measured from this angle: Hip turn');
  });

  it('says what was measured around a time', () => {
    const answer = composeAnswer(golf, 'what happened at 0:04?');
    expect(answer).toContain('**Top of the backswing** at 0:04.1');
    expect(answer).toContain('**Impact** at 0:04.4');
    expect(composeAnswer(golf, 'what happened at 1:05')).toBe(
      'The clip is only 0:07 long, so there is nothing at 1:05.0.',
    );
  });

  it('names number 7 from the detections, with the athletes the analysis followed', () => {
    const squats = squatsContext();
    expect(composeAnswer(squats, 'Who is number 7?')).toBe(
      'Number 7 is **Alex Kim** (#7, red shirt), seen 0:01.0-0:06.2, confidence up to 91 %.',
    );
    expect(composeAnswer(squats, 'who is in the video?')).toContain(
      'The analysis followed **Alex Kim** (squat).',
    );
    expect(composeAnswer(golf, 'who is in the video?')).toBe(
      'The analysis followed **Alex Kim** (golf swing).',
    );
  });

  it('summarises the notes by time, with their sentiment', () => {
    const answer = composeAnswer(squatsContext(), 'summarise the notes');
    const setup = answer.indexOf(
      '**0:01.0** Coach Sam: “Nice setup, good brace” _(positive, 80 %)_',
    );
    const caving = answer.indexOf(
      '**0:06.5** Coach Sam: “Knees caving on this one” _(negative, 72 %)_',
    );
    expect(setup).toBeGreaterThan(0);
    expect(caving).toBeGreaterThan(setup);
  });

  it('says plainly when the clip was not analysed, showed no athlete, or predates readings', () => {
    const waiting = unanalysedContext();
    for (const question of ['how many reps?', 'what should I fix first?', 'is my knee angle ok?']) {
      expect(composeAnswer(waiting, question)).toMatch(/has not been analysed yet/);
    }
    expect(composeAnswer(waiting, 'who is number 7?')).toMatch(/^Number 7 is \*\*Alex Kim\*\*/);
    expect(composeAnswer(emptyContext(), 'how many reps?')).toMatch(
      /^The analysis found no athlete/,
    );
    expect(composeAnswer(legacyContext(), 'How did I do?')).toMatch(
      /made before FilmRoom kept each athlete's measurements.*Regenerate/,
    );
  });

  it('greets and thanks with what this clip can answer', () => {
    expect(composeAnswer(golf, 'hello')).toMatch(/^Hi! I answer from what was measured in/);
    expect(composeAnswer(golf, 'hello')).toContain('Moments of the golf swing');
    expect(composeAnswer(golf, 'thanks!')).toMatch(/^You're welcome/);
  });

  it('reads the clip’s own phases', () => {
    expect(clipWords(golf).phases.map((p) => p.event)).toEqual(
      guideFor('golf_swing').phases.map((p) => p.event),
    );
  });
});

describe('streaming', () => {
  it('yields the answer word by word, the chunks joining to the whole answer', async () => {
    const question = 'What should I fix first?';
    const chunks: string[] = [];
    for await (const chunk of answerQuestion(golf, question)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.join('')).toBe(composeAnswer(golf, question));
    for (const chunk of chunks) expect(chunk).toMatch(/^\S+\s*$/);
  });

  it('stops at once when the signal fires', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    await expect(async () => {
      for await (const chunk of answerQuestion(golf, 'how did I do?', {
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
    const stream = answerQuestion(golf, 'hi', { signal: AbortSignal.abort() });
    await expect(stream.next()).rejects.toBeInstanceOf(ChatAbortedError);
  });
});
