import { CAMERA_VIEWS, movementLabel, type MetricRecord } from '@filmroom/contract';
import { topicsAllowed, topicsOf, type CoachInstructions } from './instructions';
import { recordShown, recordTopics } from '../reading-topics';
import { clock, clockFor } from '../units';
import type { AthleteAnalysis } from './analyse';
import { measuredLine } from './points';
import type { Topic } from './types';

const viewWords = (id: string) => CAMERA_VIEWS.find((view) => view.id === id)?.label ?? id;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** What the reading did with the coach's instructions, for the "As asked:" line. */
export type AskedOutcome = {
  timingNote: string | null;
  /** Said when a focus left no coaching point: what was measured of it instead. */
  focusNote: string | null;
  /** The coaching points kept, each with the topics it talks about. */
  points: { timestamp: number; topics: Topic[] }[];
};

/**
 * One line saying what of the coach's instructions this write-up applied, read from what it
 * shows (the athletes' movements, the table's rows, the points kept), never from the parsed
 * words alone: a topic still shown is not claimed as left out.
 */
function instructionsLine(
  analyses: AthleteAnalysis[],
  instructions: CoachInstructions,
  rows: Topic[][],
  outcome: AskedOutcome,
): string[] {
  const shown = [...rows, ...outcome.points.map((point) => point.topics)];
  const parts = [];
  const movement = instructions.movement;
  if (movement && analyses.length && analyses.every((a) => a.reading.movement === movement))
    parts.push(`coached as a ${movementLabel(movement).toLowerCase()}`);
  // "not a squat" alone: said back only when no athlete was read as one.
  const ruledOut = instructions.notMovements.filter(
    (id) => analyses.length && analyses.every((a) => a.reading.movement !== id),
  );
  if (!movement && ruledOut.length) {
    parts.push(`not read as ${ruledOut.map((id) => movementLabel(id).toLowerCase()).join(' or ')}`);
  }
  const focus = instructions.focus;
  const onFocus = (topics: Topic[]) => topics.some((topic) => focus.includes(topic));
  if (focus.length && outcome.points.every((point) => onFocus(point.topics))) {
    const only = instructions.only && rows.every(onFocus);
    parts.push(`${only ? 'only' : 'focus on'} ${focus.join(', ')}`);
  }
  const leftOut = instructions.exclude.filter(
    (topic) => !shown.some((topics) => topics.includes(topic)),
  );
  if (leftOut.length) parts.push(`leaving out ${leftOut.join(', ')}`);
  const window = instructions.window;
  if (
    window &&
    outcome.points.every((p) => p.timestamp >= window.from && p.timestamp <= window.to)
  ) {
    parts.push(`moments between ${clock(window.from)} and ${clock(window.to)}`);
  }
  if (instructions.level !== 'standard') parts.push(`${instructions.level} level`);
  if (instructions.tone !== 'standard') parts.push(`${instructions.tone} tone`);
  const lines = parts.length ? [`_As asked: ${parts.join('; ')}._`, ''] : [];
  return outcome.focusNote ? [...lines, outcome.focusNote, ''] : lines;
}

const shownRow =
  (analysis: AthleteAnalysis, instructions: CoachInstructions) => (record: MetricRecord) =>
    recordShown(analysis, record, instructions);

/** The markdown technical analysis: per athlete, the movement, its key moments and the table. */
export function technicalAnalysis(
  analyses: AthleteAnalysis[],
  duration: number,
  instructions: CoachInstructions,
  outcome: AskedOutcome,
): string {
  if (analyses.length === 0) {
    return [
      '## Summary',
      '',
      `No athlete was seen clearly enough to measure in this ${duration.toFixed(1)} s clip. ` +
        'Film the whole body, side-on or at 45°, in good light, and keep the athlete in frame.',
    ].join('\n');
  }
  const rows = analyses.flatMap((analysis) =>
    analysis.records
      .filter(shownRow(analysis, instructions))
      .map((record) => recordTopics(analysis, record)),
  );
  const sections: string[] = [...instructionsLine(analyses, instructions, rows, outcome)];
  if (outcome.timingNote) sections.push(`_${outcome.timingNote}_`, '');
  for (const analysis of analyses) {
    const { reading, movement, module } = analysis;
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
    const rows = analysis.records.filter(shownRow(analysis, instructions));
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
    // "Hip turn: film face-on" is about the legs: left out with them.
    const withheld = reading.withheld.filter((line) =>
      topicsAllowed(topicsOf(undefined, line.split(':')[0]!), instructions),
    );
    if (withheld.length) {
      sections.push('**Not measured from this angle:**', '', ...withheld.map((w) => `- ${w}`), '');
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
  const excluded = (record: MetricRecord) => !recordShown(main, record, instructions);
  // A fault on a topic the coach asked about is the one to fix first.
  const onFocus = (r: MetricRecord) =>
    recordTopics(main, r).some((topic) => instructions.focus.includes(topic));
  const faults = main.records
    .filter((r) => r.status === 'fault' && !excluded(r))
    .sort((a, b) => Number(onFocus(b)) - Number(onFocus(a)));
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
