import { CAMERA_VIEWS, movementLabel, type MetricRecord } from '@filmroom/contract';
import type { CoachInstructions } from '../instructions';
import { clock, clockFor } from '../units';
import type { AthleteAnalysis } from './analyse';
import { measuredLine } from './points';

const viewWords = (id: string) => CAMERA_VIEWS.find((view) => view.id === id)?.label ?? id;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** One line saying what of the coach's instructions this write-up applied. */
function instructionsLine(instructions: CoachInstructions): string[] {
  const parts = [];
  if (instructions.movement)
    parts.push(`coached as a ${movementLabel(instructions.movement).toLowerCase()}`);
  if (instructions.focus.length) parts.push(`focus on ${instructions.focus.join(', ')}`);
  if (instructions.exclude.length) parts.push(`leaving out ${instructions.exclude.join(', ')}`);
  if (instructions.window) {
    parts.push(
      `moments between ${clock(instructions.window.from)} and ${clock(instructions.window.to)}`,
    );
  }
  if (instructions.level !== 'standard') parts.push(`${instructions.level} level`);
  return parts.length ? [`_As asked: ${parts.join('; ')}._`, ''] : [];
}

const shown = (
  record: MetricRecord,
  instructions: CoachInstructions,
  topicOf: (r: MetricRecord) => string,
) => !instructions.exclude.includes(topicOf(record) as never);

/** The markdown technical analysis: per athlete, the movement, its key moments and the table. */
export function technicalAnalysis(
  analyses: AthleteAnalysis[],
  duration: number,
  instructions: CoachInstructions,
  timingNote: string | null,
): string {
  if (analyses.length === 0) {
    return [
      '## Summary',
      '',
      `No athlete was seen clearly enough to measure in this ${duration.toFixed(1)} s clip. ` +
        'Film the whole body, side-on or at 45°, in good light, and keep the athlete in frame.',
    ].join('\n');
  }
  const sections: string[] = [...instructionsLine(instructions)];
  if (timingNote) sections.push(`_${timingNote}_`, '');
  for (const analysis of analyses) {
    const { reading, movement, module } = analysis;
    const topicOf = (record: MetricRecord) =>
      movement.metrics[analysis.records.indexOf(record)]?.topic ?? '';
    const heading =
      analyses.length > 1
        ? `## ${reading.name}: ${reading.movementLabel}`
        : `## ${reading.movementLabel}`;
    const how =
      reading.movementSource === 'chosen'
        ? 'as chosen by the coach'
        : reading.movement === 'general'
          ? 'no catalogue movement recognised'
          : `detected ${percent(reading.confidence)}`;
    sections.push(
      heading,
      '',
      `_${reading.movementLabel} · ${how} · filmed ${viewWords(reading.view)}._`,
      '',
    );
    if (reading.movement === 'general') {
      sections.push('FilmRoom has no rubric for this movement yet; here is what was measured.', '');
    }
    sections.push(movement.summary, '');
    const time = clockFor([
      ...reading.events.map((e) => e.t),
      ...reading.metrics.flatMap((r) => (r.t === null ? [] : [r.t])),
    ]);
    if (reading.events.length) {
      sections.push(
        `**Key moments:** ${reading.events.map((e) => `${e.label} ${time(e.t)}`).join(' · ')}`,
        '',
      );
    }
    const rows = analysis.records.filter((record) => shown(record, instructions, topicOf));
    if (rows.length) {
      sections.push('| Measure | Value | Target |', '|---|---|---|');
      for (const record of rows) {
        const when = record.t !== null ? ` (${time(record.t)})` : '';
        const mark = record.status === 'fault' ? ' ⚠' : record.status === 'ok' ? ' ✓' : '';
        sections.push(`| ${record.name}${when} | ${record.text}${mark} | ${record.target ?? ''} |`);
      }
      sections.push('');
      const sources = [...new Set(rows.flatMap((r) => (r.source ? [r.source] : [])))];
      if (sources.length) sections.push(`Targets: ${sources.join('; ')}.`, '');
    }
    if (reading.withheld.length) {
      sections.push(
        '**Not measured from this angle:**',
        '',
        ...reading.withheld.map((w) => `- ${w}`),
        '',
      );
    }
    void module;
  }
  return sections.join('\n').trim();
}

/** Two or three sentences a coach would say at the end: the first fault to fix, or what held. */
export function overallFeedback(
  analyses: AthleteAnalysis[],
  instructions: CoachInstructions,
): string | null {
  const main = analyses[0];
  if (!main) return null;
  const { reading, module, movement } = main;
  const excluded = (record: MetricRecord) =>
    instructions.exclude.includes(movement.metrics[main.records.indexOf(record)]!.topic);
  const faults = main.records.filter((r) => r.status === 'fault' && !excluded(r));
  const oks = main.records.filter((r) => r.status === 'ok' && !excluded(r));
  const parts: string[] = [];
  if (instructions.tone === 'encouraging') parts.push('Good work.');
  const counted = movement.repetitions.length;
  parts.push(
    reading.movement === 'general'
      ? `FilmRoom has no rubric for this movement yet, so nothing is judged against a target.`
      : faults.length + oks.length === 0
        ? `${reading.movementLabel}${counted > 1 ? ` (${counted} counted)` : ''}: nothing this camera angle shows has a target to judge it by; the measures below are for comparing clips.`
        : `${reading.movementLabel}${counted > 1 ? ` (${counted} counted)` : ''}: ${faults.length} of ${faults.length + oks.length} measures outside their target.`,
  );
  const first = faults[0];
  if (first) {
    const key = movement.metrics[main.records.indexOf(first)]!.key;
    const fault = module.faults.find((f) => f.metric === key);
    parts.push(
      `Fix first: ${measuredLine(first, module, main.reading.events)}${fault ? ` ${fault.cue}` : ''}`,
    );
  } else if (oks.length) {
    parts.push(
      `Within target: ${oks
        .slice(0, 3)
        .map((r) => `${r.name.toLowerCase()} ${r.text}`)
        .join(', ')}.`,
    );
  }
  if (instructions.tone === 'direct') return parts.slice(0, 2).join(' ');
  return parts.join(' ');
}
