/**
 * Drills as suggestions: the movement's own drills for the faults this clip measured, or, with
 * no fault, drills that keep what went well. Never a drill of another movement.
 */
import type { AthleteReading, MetricRecord } from '@filmroom/contract';
import type { Drill, Fault } from '../movements/types';
import type { ChatContext } from './context';
import type { Question } from './question';
import {
  athleteHeading,
  chosenReadings,
  clipOrReason,
  faultedRecords,
  faultOf,
  recordsAt,
  recordsNamed,
  whenMeasured,
  type Clip,
} from './readings';
import { lowerFirst } from './wording';

type Judged = { record: MetricRecord; fault: Fault };

export function drillsAnswer(context: ChatContext, question: Question): string {
  const clip = clipOrReason(context);
  if (typeof clip === 'string') return clip;
  const readings = chosenReadings(clip, question);
  if (typeof readings === 'string') return readings;
  return [
    'Suggestions tied to what was measured, not a prescription.',
    ...readings.map((reading) => drillsFor(clip, reading, question)),
  ].join('\n\n');
}

function drillsFor(clip: Clip, reading: AthleteReading, question: Question): string {
  const heading = athleteHeading(clip.readings, reading);
  const movement = lowerFirst(reading.movementLabel);
  const withFault = (records: MetricRecord[]): Judged[] =>
    records.flatMap((record) => {
      const fault = faultOf(reading, record);
      return fault ? [{ record, fault }] : [];
    });
  // A measure or moment named narrows the drills to it.
  const pool = question.phase ? recordsAt(reading, question.phase) : reading.metrics;
  const named = recordsNamed(reading, question, pool);
  const focus = named.named || question.phase ? withFault(named.named ? named.records : pool) : [];
  const faults = (focus.length ? focus : withFault(faultedRecords(reading))).filter(
    (j) => j.record.status === 'fault',
  );
  if (faults.length) {
    return faults
      .slice(0, 2)
      .map(({ record, fault }, i) => {
        const count = i === 0 ? (faults.length > 1 ? 2 : 3) : 1;
        const target = record.target ? `; the target is ${record.target}` : '';
        return [
          `${i === 0 ? heading : ''}**${fault.title}**: ${record.name} was ${record.text} ${whenMeasured(reading, record)}${target}.`,
          '',
          drillList(fault.drills.slice(0, count)),
        ].join('\n');
      })
      .join('\n\n');
  }
  const strengths = (focus.length ? focus : withFault(reading.metrics)).filter(
    (j) => j.record.status === 'ok' && j.fault.drills.length,
  );
  const nothingOff = !faultedRecords(reading).length;
  if (strengths.length) {
    return [
      nothingOff
        ? `${heading}Nothing measured was off in this ${movement}, so these keep what went well:`
        : `${heading}That was within the target, so these keep it there:`,
      '',
      ...strengths
        .slice(0, 2)
        .map(
          ({ record, fault }) =>
            `- **${fault.drills[0]!.name}** (${record.name} ${record.text}, within the target): ${fault.drills[0]!.how}`,
        ),
    ].join('\n');
  }
  return nothingOff
    ? `${heading}Nothing measured was off in this ${movement}, and there is no drill to add for what this clip measured. Keep filming it from the same angle to compare.`
    : `${heading}The ${movement} has no drill for what was measured there.`;
}

function drillList(drills: Drill[]): string {
  return drills.map((drill) => `- **${drill.name}**: ${drill.how}`).join('\n');
}
