/** What to work on first, and how the clip went overall. */
import { CAMERA_VIEWS, type AthleteReading, type MetricRecord } from '@filmroom/contract';
import type { ChatContext } from './context';
import { ungroundedNumbers } from './grounding';
import type { Question } from './question';
import {
  athleteHeading,
  chosenReadings,
  clipOrReason,
  faultedRecords,
  faultOf,
  momentsFound,
  recordLine,
  whenMeasured,
  type Clip,
} from './readings';
import { listed, lowerFirst } from './wording';

const titleOf = (reading: AthleteReading, record: MetricRecord) =>
  (faultOf(reading, record)?.title ?? record.name).toLowerCase();

export function fixFirstAnswer(context: ChatContext, question: Question): string {
  const clip = clipOrReason(context);
  if (typeof clip === 'string') return clip;
  const readings = chosenReadings(clip, question);
  if (typeof readings === 'string') return readings;
  return readings.map((reading) => fixFirstFor(clip, reading)).join('\n\n');
}

function fixFirstFor(clip: Clip, reading: AthleteReading): string {
  const heading = athleteHeading(clip.readings, reading);
  const [first, next, ...more] = faultedRecords(reading);
  if (!first) return heading + nothingToFix(reading);
  const cue = faultOf(reading, first)?.cue;
  const lines = [
    `${heading}**Fix first: ${titleOf(reading, first)}.** ${recordLine(reading, first)}${cue ? ` ${cue}` : ''}`,
  ];
  if (next) lines.push('', `**Then: ${titleOf(reading, next)}.** ${recordLine(reading, next)}`);
  if (more.length) {
    lines.push(
      '',
      `Also outside the target: ${listed(more.map((r) => `${r.name} ${r.text} ${whenMeasured(reading, r)}`))}.`,
    );
  }
  return lines.join('\n');
}

function nothingToFix(reading: AthleteReading): string {
  const judged = reading.metrics.filter((record) => record.status === 'ok');
  if (!judged.length) {
    const measured = reading.metrics.map((record) => `${record.name} ${record.text}`);
    return (
      `No measure of this ${reading.movementLabel.toLowerCase()} has a target to judge it by, so there is nothing to point to as a fault.` +
      (measured.length ? ` Measured: ${listed(measured)}.` : '')
    );
  }
  return [
    '**Nothing measured missed its target.**',
    '',
    ...judged.map((record) => `- ${recordLine(reading, record)}`),
    '',
    'To keep progressing, ask me for drills that build on this.',
  ].join('\n');
}

const viewLabel = (reading: AthleteReading) =>
  CAMERA_VIEWS.find((view) => view.id === reading.view)?.label ?? reading.view;

export function overviewAnswer(context: ChatContext, question: Question): string {
  const clip = clipOrReason(context);
  if (typeof clip === 'string') return clip;
  const readings = chosenReadings(clip, question);
  if (typeof readings === 'string') return readings;
  const lines: string[] = [];
  const feedback = clip.analysis.overallFeedback;
  // The written feedback is quoted when its numbers are the records' own (they always are
  // when the engine wrote it; a rewording that strayed is left out).
  if (feedback && !ungroundedNumbers(context, feedback).length && question.athlete === undefined) {
    lines.push(feedback, '');
  }
  for (const reading of readings) {
    const heading = athleteHeading(clip.readings, reading);
    const how =
      reading.movementSource === 'chosen'
        ? 'as the coach chose'
        : 'as recognised from the movement';
    lines.push(`${heading}**${reading.movementLabel}** (${how}), filmed ${viewLabel(reading)}.`);
    const moments = momentsFound(reading);
    if (moments.length) lines.push(`Key moments: ${listed(moments)}.`);
    const good = reading.metrics.filter((record) => record.status === 'ok');
    if (good.length) {
      lines.push('**Went well:**', ...good.map((record) => `- ${recordLine(reading, record)}`));
    }
    const [fault] = faultedRecords(reading);
    if (fault)
      lines.push(`**Fix first: ${titleOf(reading, fault)}.** ${recordLine(reading, fault)}`);
    const info = reading.metrics.filter((record) => record.status === 'info');
    if (info.length) {
      lines.push(`Also measured: ${listed(info.map((r) => `${r.name} ${r.text}`))}.`);
    }
    if (!reading.metrics.length) {
      lines.push(
        `Nothing of the ${lowerFirst(reading.movementLabel)} could be measured in this clip.`,
      );
    }
    if (reading.withheld.length)
      lines.push(`Not measured from this angle: ${reading.withheld.join(' ')}`);
    lines.push('');
  }
  return lines.join('\n').trim();
}
