/** Answers about how many times something happened, and comparisons. */
import type { AthleteReading, MetricRecord } from '@filmroom/contract';
import { moduleFor } from '../movements/catalogue';
import type { ChatContext } from './context';
import type { Question } from './question';
import {
  athleteHeading,
  chosenReadings,
  clipOrReason,
  eventLabel,
  eventsNamed,
  recordLine,
  timeWriter,
  whenMeasured,
  type Clip,
} from './readings';
import { listed, lowerFirst, plural } from './wording';

// A record that counts (repetitions, swings, strides): by its name or its unit.
const COUNT_NAME = /\b(repetitions?|reps|count|number of)\b/i;
const COUNT_UNITS = new Set([
  'reps',
  'rep',
  'repetitions',
  'swings',
  'shots',
  'serves',
  'strides',
  'jumps',
  'steps',
  'strokes',
]);
export const isCount = (record: MetricRecord) =>
  COUNT_NAME.test(record.name) || COUNT_UNITS.has(record.unit);

export function countAnswer(context: ChatContext, question: Question): string {
  const clip = clipOrReason(context);
  if (typeof clip === 'string') return clip;
  const readings = chosenReadings(clip, question);
  if (typeof readings === 'string') return readings;
  return readings
    .map((reading) => athleteHeading(clip.readings, reading) + countFor(reading))
    .join('\n\n');
}

function countFor(reading: AthleteReading): string {
  const time = timeWriter(reading);
  const repeated = mostRepeated(reading);
  const times = repeated
    ? eventsNamed(reading, repeated)
        .map((e) => time(e.t))
        .join(', ')
    : '';
  const counted = reading.metrics.filter(isCount);
  if (counted.length) {
    return [
      ...counted.map(
        (record) => `**${record.name}**: **${record.text}** ${whenMeasured(reading, record)}.`,
      ),
      ...(repeated ? [`${eventLabel(reading, repeated)} at ${times}.`] : []),
    ].join('\n');
  }
  const movement = lowerFirst(reading.movementLabel);
  const repetition = moduleFor(reading.movement)?.repetition;
  const noun = repetition?.many ?? 'repetitions';
  const one = repetition?.one ?? 'repetition';
  // The engine's own count; analyses stored before it kept one are counted by their moments.
  if (typeof reading.repetitions === 'number') {
    if (!reading.repetitions) {
      return `No ${noun} of the ${movement} were counted in this clip.`;
    }
    const moments = repeated
      ? `, ${lowerFirst(eventLabel(reading, repeated))} at ${times}`
      : reading.events.length
        ? `: ${listed(reading.events.map((e) => `${lowerFirst(e.label)} at ${time(e.t)}`))}`
        : '';
    return `**${plural(reading.repetitions, one, noun)}** measured${moments}.`;
  }
  if (!reading.events.length) {
    return `No repetitions of the ${movement} were counted in this clip: none of its key moments were found.`;
  }
  if (!repeated) {
    const moments = reading.events.map((e) => `${lowerFirst(e.label)} at ${time(e.t)}`);
    return `Each key moment of the ${movement} was found once (${listed(moments)}): one ${movement} was measured.`;
  }
  const events = eventsNamed(reading, repeated);
  const label = lowerFirst(eventLabel(reading, repeated));
  return `**${plural(events.length, one, noun)}** measured, ${label} at ${times}.`;
}

/** The key moment found most often (the bottom of each rep, each foot strike), if any repeats. */
export function mostRepeated(reading: AthleteReading): string | undefined {
  const counts = new Map<string, number>();
  for (const event of reading.events) counts.set(event.name, (counts.get(event.name) ?? 0) + 1);
  const [name, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  return name && count! > 1 ? name : undefined;
}

/**
 * Two athletes side by side on the measures both have; for one athlete, the measures taken at
 * several moments (each repetition's), first against last.
 */
export function compareAnswer(context: ChatContext, question: Question): string {
  const clip = clipOrReason(context);
  if (typeof clip === 'string') return clip;
  if (clip.readings.length > 1 && question.athlete === undefined) {
    return compareAthletes(clip, clip.readings[0]!, clip.readings[1]!);
  }
  const readings = chosenReadings(clip, question);
  if (typeof readings === 'string') return readings;
  const reading = readings[0]!;
  const byName = new Map<string, MetricRecord[]>();
  for (const record of reading.metrics) {
    byName.set(record.name, [...(byName.get(record.name) ?? []), record]);
  }
  const repeated = [...byName.entries()].filter(([, records]) => records.length > 1);
  if (!repeated.length) {
    const names = [...byName.keys()];
    return (
      `Each measure of this ${lowerFirst(reading.movementLabel)} was taken once, so there is no first and last to compare` +
      (names.length ? `: ${listed(names)}. Ask about any of them.` : '.')
    );
  }
  return [
    '**First against last**, for each measure taken more than once:',
    '',
    ...repeated.map(([name, records]) => {
      const sorted = [...records].sort((a, b) => (a.t ?? 0) - (b.t ?? 0));
      const first = sorted[0]!;
      const last = sorted.at(-1)!;
      return `- **${name}**: ${first.text} ${whenMeasured(reading, first)}, then ${last.text} ${whenMeasured(reading, last)}.`;
    }),
  ].join('\n');
}

function compareAthletes(clip: Clip, a: AthleteReading, b: AthleteReading): string {
  const shared = a.metrics.filter((record) =>
    b.metrics.some((other) => other.name === record.name),
  );
  if (!shared.length) {
    return [
      `**${a.name}** (${lowerFirst(a.movementLabel)}) and **${b.name}** (${lowerFirst(b.movementLabel)}) share no measure to compare. Each on their own:`,
      '',
      ...[a, b].flatMap((reading) =>
        reading.metrics
          .slice(0, 4)
          .map(
            (record) => `- ${athleteHeading(clip.readings, reading)}${recordLine(reading, record)}`,
          ),
      ),
    ].join('\n');
  }
  const cell = (reading: AthleteReading, name: string) => {
    const record = reading.metrics.find((r) => r.name === name)!;
    return `${record.text}${record.status === 'fault' ? ' (outside the target)' : ''}`;
  };
  return [
    `**${a.name}** against **${b.name}**:`,
    '',
    `| | ${a.name} | ${b.name} |`,
    '|---|---|---|',
    ...shared.map(
      (record) => `| ${record.name} | ${cell(a, record.name)} | ${cell(b, record.name)} |`,
    ),
  ].join('\n');
}
