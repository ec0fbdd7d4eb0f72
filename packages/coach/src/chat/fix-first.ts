/** What to work on first, and how the set went overall. */
import type { AthleteMetrics } from '../athlete-metrics';
import { AREA_GUIDES } from './area-guides';
import { at, describeFault, describeOk } from './area-wording';
import { assessAthlete, faultsFirst } from './areas';
import type { ChatContext } from './context';
import { athletePrefix, measuredOrReason } from './measured';
import { clock, listed, plural, seconds } from './wording';

export function fixFirstAnswer(context: ChatContext): string {
  const measured = measuredOrReason(context);
  if (typeof measured === 'string') return measured;
  const { athletes } = measured;
  const faults = faultsFirst(athletes);
  const [first] = faults;
  if (!first) return nothingToFix(athletes);
  const next = faults.find((a) => a.area !== first.area);
  const more = faults.filter((a) => a !== first && a !== next);
  const lines = [
    `**Fix first: ${AREA_GUIDES[first.area].title.toLowerCase()}.** ${describeFault(first, athletes)} ${AREA_GUIDES[first.area].cue}`,
  ];
  if (next) {
    lines.push(
      '',
      `**Then: ${AREA_GUIDES[next.area].title.toLowerCase()}.** ${describeFault(next, athletes)}`,
    );
  }
  if (more.length) {
    lines.push(
      '',
      `Also past the target: ${listed(more.map((a) => `${AREA_GUIDES[a.area].title.toLowerCase()} (${athletePrefix(athletes, a.athlete)}${at(a.faults[0]!)})`))}.`,
    );
  }
  return lines.join('\n');
}

function nothingToFix(athletes: AthleteMetrics[]): string {
  const judged = assessAthlete(athletes[0]!);
  if (!judged.length) return nothingJudged(athletes[0]!);
  return [
    '**Nothing measured missed its target.**',
    '',
    ...judged.map((a) => `- ${AREA_GUIDES[a.area].title}: ${describeOk(a)}`),
    '',
    'To keep progressing, ask me for drills that build on this.',
  ].join('\n');
}

function nothingJudged(main: AthleteMetrics): string {
  const peak = main.peakSpeed;
  return (
    'This clip shows no reps, jumps or holds to judge against a target: the athlete moved ' +
    `${main.movementSpeed.toFixed(2)} body lengths per second on average` +
    (peak
      ? `, fastest at ${clock(peak.t)} (${peak.speed.toFixed(2)} body lengths per second)`
      : '') +
    '. Film a set of squats or jumps and I can point to what to fix.'
  );
}

export function overviewAnswer(context: ChatContext): string {
  const measured = measuredOrReason(context);
  if (typeof measured === 'string') return measured;
  const { analysis, athletes } = measured;
  const main = athletes[0]!;
  const lines: string[] = [];
  if (analysis.overallFeedback) lines.push(analysis.overallFeedback, '');
  const counts = [
    main.repetitions.length ? plural(main.repetitions.length, 'rep') : '',
    main.jumps.length ? plural(main.jumps.length, 'jump') : '',
  ].filter(Boolean);
  lines.push(
    `**Measured:** ${counts.length ? listed(counts) : 'no reps or jumps'} in ${seconds(main.seenSeconds)} of tracking.`,
  );
  const assessments = assessAthlete(main);
  const good = assessments.filter((a) => !a.faults.length);
  const [fault] = faultsFirst(athletes);
  if (good.length) {
    lines.push(
      '**Went well:**',
      ...good.map((a) => `- ${AREA_GUIDES[a.area].title}: ${describeOk(a)}`),
    );
  }
  if (fault) {
    lines.push(`**Fix first: ${AREA_GUIDES[fault.area].name}.** ${describeFault(fault, athletes)}`);
  } else if (!assessments.length) {
    lines.push(nothingJudged(main));
  }
  return lines.join('\n');
}
