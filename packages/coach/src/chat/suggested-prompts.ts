import type { AthleteReading, MetricRecord } from '@filmroom/contract';
import { moduleFor } from '../movements/catalogue';
import type { Topic } from '../movements/types';
import type { ChatContext } from './context';
import { isCount, mostRepeated } from './count';
import { drillsAnswer } from './drills';
import { readQuestion, type ClipWords } from './question';
import {
  clipOrReason,
  clipWords,
  eventsNamed,
  faultedRecords,
  faultOf,
  guideOf,
  recordsAt,
  recordsNamed,
} from './readings';
import { atMoment } from './wording';
import { TOPIC_WORDS } from './topics';

// Topics asked about at a moment ("How is my posture at impact?"): body positions, not timings.
const POSITION_NOUN: Partial<Record<Topic, string>> = {
  posture: 'posture',
  depth: 'depth',
  legs: 'legs',
  arms: 'arms',
  head: 'head position',
  balance: 'balance',
  symmetry: 'symmetry',
};
// Topics asked about as a measure of the whole movement ("What is my tempo?").
const MEASURE_NOUN: Partial<Record<Topic, string>> = {
  tempo: 'tempo',
  rhythm: 'rhythm',
  speed: 'speed',
  posture: 'posture',
  depth: 'depth',
  balance: 'balance',
  symmetry: 'symmetry',
};

/**
 * Three or four questions to start the chat with, made from the clip's readings in its
 * movement's words: the moment of its first fault ("How is my posture at impact?"), a measure
 * ("What is my tempo?", "What is my cadence?"), the movement's drills. Each is checked against
 * the question reader, so the built-in coach answers every one from this clip.
 */
export function suggestedPrompts(context: ChatContext): string[] {
  const extras = [
    context.annotations.length ? 'Summarise the notes' : undefined,
    context.playerDetections.length ? 'Who is in the video?' : undefined,
  ].filter((p): p is string => p !== undefined);
  if (!context.analysis) {
    return [
      'What should I work on first?',
      'How did I do?',
      ...extras,
      'What can you answer?',
    ].slice(0, 4);
  }
  const clip = clipOrReason(context);
  if (typeof clip === 'string') {
    return [...extras, 'Why was no athlete measured?', 'What can you answer?'].slice(0, 4);
  }
  const words = clipWords(context);
  const reading = clip.readings[0]!;
  const [fault] = faultedRecords(reading);
  const other = clip.readings.find((r) => r !== reading);
  const moment = momentPrompt(reading, words);
  const drillsFor = fault && drillsPrompt(context, reading, fault, words);
  const prompts = [
    moment?.prompt,
    measurePrompt(reading, words, moment?.record),
    fault ? (drillsFor ?? 'What drills would help?') : 'What did I do well?',
    other ? `Compare ${reading.name} and ${other.name}` : countPrompt(reading),
    fault ? 'What should I work on first?' : 'What drills would help me progress?',
    ...extras,
  ].filter((p): p is string => p !== undefined && readQuestion(p, [], words).intent !== 'unknown');
  return [...new Set(prompts)].slice(0, 4);
}

/** "What drills would help my tempo?": the first fault by its topic, if that finds its drills. */
function drillsPrompt(
  context: ChatContext,
  reading: AthleteReading,
  fault: MetricRecord,
  words: ClipWords,
): string | undefined {
  const drill = faultOf(reading, fault)?.drills[0];
  if (!drill) return undefined;
  const noun = topicsOf(reading, fault)
    .map((topic) => MEASURE_NOUN[topic] ?? POSITION_NOUN[topic])
    .find(Boolean);
  if (!noun) return undefined;
  const prompt = `What drills would help my ${noun}?`;
  const question = readQuestion(prompt, [], words);
  if (question.intent !== 'drills') return undefined;
  return drillsAnswer(context, question).includes(`**${drill.name}**`) ? prompt : undefined;
}

/** Records faulted first, then judged, then the rest: what a prompt should rather be about. */
const byInterest = (records: MetricRecord[]) => {
  const rank = { fault: 0, ok: 1, info: 2 } as const;
  return [...records].sort((a, b) => rank[a.status] - rank[b.status]);
};

/**
 * "How is my posture at impact?": a body position at the key moment where most was measured
 * (a fault's moment first), checked to find that very record at that very moment.
 */
function momentPrompt(
  reading: AthleteReading,
  words: ClipWords,
): { prompt: string; record?: MetricRecord } | undefined {
  const phases = guideOf(reading).phases.filter((p) => eventsNamed(reading, p.event).length);
  const faulted = (event: string) => recordsAt(reading, event).some((r) => r.status === 'fault');
  const measured = (event: string) => recordsAt(reading, event).length;
  const ordered = [...phases].sort(
    (a, b) =>
      Number(faulted(b.event)) - Number(faulted(a.event)) || measured(b.event) - measured(a.event),
  );
  for (const phase of ordered) {
    const here = byInterest(recordsAt(reading, phase.event));
    const at = atMoment(phase.label);
    for (const record of here) {
      const noun = topicsOf(reading, record)
        .map((topic) => POSITION_NOUN[topic])
        .find(Boolean);
      if (!noun) continue;
      const prompt = `How ${/s$/.test(noun) ? 'are' : 'is'} my ${noun} ${at}?`;
      const question = readQuestion(prompt, [], words);
      if (question.phase !== phase.event) continue;
      if (recordsNamed(reading, question, here).records.includes(record)) return { prompt, record };
    }
    const prompt = `What happened ${at}?`;
    if (readQuestion(prompt, [], words).phase === phase.event) return { prompt };
  }
  return undefined;
}

/** "What is my tempo?", "What is my cadence?": a measure found by a word people use for it. */
function measurePrompt(
  reading: AthleteReading,
  words: ClipWords,
  taken: MetricRecord | undefined,
): string | undefined {
  const timing = (record: MetricRecord) =>
    topicsOf(reading, record).some((t) => t === 'tempo' || t === 'rhythm' || t === 'speed') ? 0 : 1;
  const records = byInterest(reading.metrics.filter((r) => r !== taken && !isCount(r))).sort(
    (a, b) => timing(a) - timing(b),
  );
  for (const record of records) {
    const name = record.name.toLowerCase();
    const nouns = [
      name.split(/\s+/).length <= 2 && !/[^a-z ]/.test(name) ? name : undefined,
      ...topicsOf(reading, record).map((topic) => {
        const noun = MEASURE_NOUN[topic];
        return noun && name.includes(noun) ? noun : undefined;
      }),
    ];
    for (const noun of nouns) {
      if (!noun) continue;
      const prompt = `What is my ${noun}?`;
      const question = readQuestion(prompt, [], words);
      if (question.intent !== 'measure' || question.phase || question.foreignPhase) continue;
      if (recordsNamed(reading, question).records[0] === record) return prompt;
    }
  }
  return undefined;
}

/** The topics a record is on: its fault's, then those its name says. */
function topicsOf(reading: AthleteReading, record: MetricRecord): Topic[] {
  const named = (Object.keys(TOPIC_WORDS) as Topic[]).filter((topic) =>
    TOPIC_WORDS[topic].named.test(record.name.toLowerCase()),
  );
  const fault = faultOf(reading, record)?.topic;
  return fault ? [fault, ...named.filter((t) => t !== fault)] : named;
}

/** "How many swings did I do?" when the clip counted them or repeated a key moment. */
function countPrompt(reading: AthleteReading): string | undefined {
  const noun = moduleFor(reading.movement)?.repetition?.many;
  if (!noun) return undefined;
  return reading.repetitions > 1 || reading.metrics.some(isCount) || mostRepeated(reading)
    ? `How many ${noun} did I do?`
    : undefined;
}
