/**
 * Answers about what was measured: a measure by name or topic ("What is my tempo?"), the
 * measures at a key moment of the movement ("How is my posture at impact?"), and why one
 * missed its target.
 */
import type { AthleteReading, MetricRecord } from '@filmroom/contract';
import type { ChatContext } from './context';
import { whatThisClipAnswers } from './help';
import type { Question } from './question';
import {
  athleteHeading,
  chosenReadings,
  clipOrReason,
  eventLabel,
  eventsNamed,
  faultOf,
  guideOf,
  momentsFound,
  recordLine,
  recordsAt,
  recordsNamed,
  timeWriter,
  type Clip,
} from './readings';
import { isUnsure, likelyCorrection, unsureCaveat, whichMovement } from './unsure';
import { atMoment, capitalised, listed, lowerFirst } from './wording';

export function measureAnswer(context: ChatContext, question: Question): string {
  const clip = clipOrReason(context);
  if (typeof clip === 'string') return clip;
  const readings = chosenReadings(clip, question);
  if (typeof readings === 'string') return readings;
  if (question.phase) return phaseAnswer(clip, readings, question, question.phase);
  if (question.foreignPhase) return foreignPhaseAnswer(clip, readings, question.foreignPhase);
  const found = readings.map((reading) => ({ reading, ...recordsNamed(reading, question) }));
  if (!found.some((f) => f.records.length)) return notMeasured(clip, readings);
  const parts = found
    .filter((f) => f.records.length)
    .map(({ reading, records }) =>
      [
        `${athleteHeading(clip.readings, reading)}${verdict(question, records)}`.trim(),
        ...records.map((record) => `- ${recordLine(reading, record)}${cueFor(reading, record)}`),
      ]
        .filter(Boolean)
        .join('\n'),
    );
  return parts.join('\n\n');
}

/** "**Not yet.**" or "**Yes.**" when the question asked for a verdict and there is one. */
function verdict(question: Question, records: MetricRecord[]): string {
  if (!question.yesNo) return '';
  if (records.some((r) => r.status === 'fault')) return '**Not yet.**';
  if (records.some((r) => r.status === 'ok')) return '**Yes.**';
  return 'FilmRoom has no target for this, so no verdict, only the measure:';
}

const cueFor = (reading: AthleteReading, record: MetricRecord) => {
  const fault = record.status === 'fault' ? faultOf(reading, record) : undefined;
  return fault ? ` ${fault.cue}` : '';
};

/**
 * The key moment a question names, for each athlete whose movement has it: its time, and what
 * was measured right there (narrowed to the measure asked about). A measure taken at another
 * moment is never given as this moment's.
 */
function phaseAnswer(
  clip: Clip,
  readings: AthleteReading[],
  question: Question,
  phase: string,
): string {
  const withPhase = readings.filter((r) => guideOf(r).phases.some((p) => p.event === phase));
  if (!withPhase.length) {
    const label = eventLabel(readings[0]!, phase);
    return foreignPhaseAnswer(clip, readings, label);
  }
  return withPhase.map((reading) => phaseFor(clip, reading, question, phase)).join('\n\n');
}

function phaseFor(clip: Clip, reading: AthleteReading, question: Question, phase: string): string {
  // A moment of a movement the reading only guessed: say so before answering in its words.
  const heading = `${athleteHeading(clip.readings, reading)}${isUnsure(reading) ? `${unsureCaveat(reading)}\n\n` : ''}`;
  const label = lowerFirst(eventLabel(reading, phase));
  const time = timeWriter(reading);
  const all = eventsNamed(reading, phase);
  if (!all.length) {
    const found = momentsFound(reading);
    return (
      `${heading}The ${label} was not found in this clip` +
      (found.length ? `; the moments found were ${listed(found)}.` : '.')
    );
  }
  const picked = pickEvents(all, question);
  if (!picked.length) {
    return `${heading}There is no ${label} ${String(question.ordinals[0])}: the clip shows the ${label} ${all.length === 1 ? 'once' : `${all.length} times`}.`;
  }
  const at = recordsAt(reading, phase, picked.length === all.length ? undefined : picked);
  const { named, records } = recordsNamed(reading, question, at);
  const when = `**${capitalised(atMoment(label))} (${picked.map((e) => time(e.t)).join(', ')})**`;
  const shown = named ? records : at;
  if (shown.length) {
    const judged = verdict(question, shown);
    return [
      `${heading}${when}${judged ? ` ${judged}` : ':'}`,
      ...shown.map((record) => `- ${recordLine(reading, record)}${cueFor(reading, record)}`),
    ].join('\n');
  }
  const lines = [
    `${heading}${when}: ${named ? 'that was not measured at this moment.' : 'nothing was measured at this moment.'}`,
  ];
  if (named && at.length) {
    lines.push(`Measured ${atMoment(label)}: ${listed(at.map((r) => `${r.name} ${r.text}`))}.`);
  }
  // Where the measure asked about was taken, each at its own moment.
  const elsewhere = named ? recordsNamed(reading, question).records : [];
  if (elsewhere.length) {
    lines.push(
      '',
      'Measured at other moments:',
      ...elsewhere.map((r) => `- ${recordLine(reading, r)}`),
    );
  }
  return lines.join('\n');
}

/** The moments asked about ("the first", "the last one"), or all of them. */
function pickEvents<T>(events: T[], question: Question): T[] {
  if (!question.ordinals.length) return events;
  return question.ordinals.flatMap((ordinal) => {
    const event = ordinal === 'last' ? events.at(-1) : events[ordinal - 1];
    return event ? [event] : [];
  });
}

/**
 * A moment of some other movement ("impact" in a run): what this clip's moments are instead,
 * and the movement that has it as a likely correction. When the reading is a guess, it does
 * not answer as that movement: it says it is not sure and asks which movement this is.
 */
function foreignPhaseAnswer(clip: Clip, readings: AthleteReading[], label: string): string {
  return readings
    .map((reading) => {
      const heading = athleteHeading(clip.readings, reading);
      if (isUnsure(reading)) return `${heading}${whichMovement(reading, label)}`;
      const found = momentsFound(reading);
      return (
        `${heading}This clip shows ${lowerFirst(reading.movementLabel)}, which has no ${lowerFirst(label)}.` +
        (found.length
          ? ` Its moments found in this clip: ${listed(found)}.`
          : ' No key moments of it were found in this clip.') +
        likelyCorrection(reading, label)
      );
    })
    .join('\n\n');
}

function notMeasured(clip: Clip, readings: AthleteReading[]): string {
  return [
    'That was not measured in this clip. Here is what it can answer:',
    '',
    ...whatThisClipAnswers(clip, readings),
  ].join('\n');
}

/**
 * "Why was my posture off at impact?": the measure there against its target, the movement's
 * cue for it and a drill. Undefined when the question points at no measure.
 */
export function whyAnswer(context: ChatContext, question: Question): string | undefined {
  const clip = clipOrReason(context);
  if (typeof clip === 'string') return clip;
  const readings = chosenReadings(clip, question);
  if (typeof readings === 'string') return readings;
  // "Why was my posture off at impact?" on a run: there is no impact to explain.
  if (question.foreignPhase) return foreignPhaseAnswer(clip, readings, question.foreignPhase);
  const found = readings.flatMap((reading) => {
    const pool = question.phase ? recordsAt(reading, question.phase) : reading.metrics;
    const { named, records } = recordsNamed(reading, question, pool);
    const chosen = named ? records : question.phase ? pool : [];
    return chosen.map((record) => ({ reading, record }));
  });
  if (!found.length) return undefined;
  const faulted = found.filter((f) => f.record.status === 'fault');
  if (!faulted.length) {
    return [
      ...found.map(
        ({ reading, record }) =>
          `- ${athleteHeading(clip.readings, reading)}${recordLine(reading, record)}`,
      ),
      '',
      found.some((f) => f.record.status === 'ok')
        ? 'That is within the target, so there is nothing to fix there.'
        : 'FilmRoom has no target for this measure, so nothing was judged wrong with it.',
    ].join('\n');
  }
  return faulted
    .slice(0, 2)
    .map(({ reading, record }) => {
      const fault = faultOf(reading, record);
      const drill = fault?.drills[0];
      return [
        `${athleteHeading(clip.readings, reading)}${recordLine(reading, record)}`,
        '',
        `The clip shows the result, not its cause.${fault ? ` ${fault.cue}` : ''} Then film again to compare.`,
        ...(drill ? ['', `A drill to try: **${drill.name}**. ${drill.how}`] : []),
      ].join('\n');
    })
    .join('\n\n');
}
