/** Answers about the reps and jumps themselves: how many, one of them, two compared. */
import type { AthleteMetrics, JumpMeasure, RepetitionMeasure } from '../athlete-metrics';
import { THRESHOLDS } from '../thresholds';
import { bodyLengths } from '../units';
import type { ChatContext } from './context';
import { athleteHeading, measuredOrReason } from './measured';
import type { Ordinal, Question } from './question';
import { clock, degrees, listed, plural, seconds } from './wording';

export function countAnswer(context: ChatContext, question: Question): string {
  const measured = measuredOrReason(context);
  if (typeof measured === 'string') return measured;
  const { athletes } = measured;
  return athletes
    .map((athlete, index) => athleteHeading(athletes, index) + countFor(athlete, question))
    .join('\n\n');
}

function countFor(athlete: AthleteMetrics, question: Question): string {
  const reps = athlete.repetitions;
  const jumps = athlete.jumps;
  const wantsJumps = question.subject === 'jumps';
  const wantsReps = question.subject === 'reps';
  if (wantsJumps || (!wantsReps && jumps.length && !reps.length)) {
    if (!jumps.length) {
      return `No jumps were measured in this clip${reps.length ? `; it shows ${plural(reps.length, 'rep')} instead` : ''}.`;
    }
    return [`**${plural(jumps.length, 'jump')}** measured:`, ...jumps.map(jumpLine)].join('\n');
  }
  if (!reps.length) {
    return `No reps were measured in this clip: no repeated up-and-down movement was found${jumps.length ? `, but it shows ${plural(jumps.length, 'jump')}` : ''}.`;
  }
  const lines = [`**${plural(reps.length, 'rep')}** measured:`, ...reps.map(repLine)];
  if (!wantsReps && jumps.length) {
    lines.push('', `And **${plural(jumps.length, 'jump')}**:`, ...jumps.map(jumpLine));
  }
  return lines.join('\n');
}

const repLine = (rep: RepetitionMeasure) =>
  `- Rep ${rep.index}: ${clock(rep.start)}-${clock(rep.end)}, bottom at ${clock(rep.bottom)}` +
  (rep.kneeAngleAtBottom === undefined ? '' : ` (knee angle ${degrees(rep.kneeAngleAtBottom)})`) +
  (rep.cutOff ? '; the clip ends on the way up' : '');

export const jumpLine = (jump: JumpMeasure) =>
  `- Jump ${jump.index}: take-off at ${clock(jump.takeOff)}, ${jump.airTime.toFixed(2)} s in the air, ` +
  `hips up ${bodyLengths(jump.hipRise)}` +
  (jump.landingKneeAngle === undefined
    ? ''
    : `, knees at ${degrees(jump.landingKneeAngle)} on landing`);

function pick<T extends { index: number }>(items: T[], ordinal: Ordinal): T | undefined {
  return ordinal === 'last' ? items.at(-1) : items.find((item) => item.index === ordinal);
}

/** Which of the athlete's movements a question means: reps unless it says jumps or has none. */
function movementKind(athlete: AthleteMetrics, question: Question): 'reps' | 'jumps' {
  if (question.subject === 'jumps') return 'jumps';
  if (question.subject === 'reps') return 'reps';
  return !athlete.repetitions.length && athlete.jumps.length ? 'jumps' : 'reps';
}

export function compareAnswer(context: ChatContext, question: Question): string {
  const measured = measuredOrReason(context);
  if (typeof measured === 'string') return measured;
  const athlete = measured.athletes[0]!;
  const kind = movementKind(athlete, question);
  const items: { index: number }[] = kind === 'jumps' ? athlete.jumps : athlete.repetitions;
  const noun = kind === 'jumps' ? 'jump' : 'rep';
  if (items.length < 2) {
    return items.length
      ? `Only 1 ${noun} was measured, so there is nothing to compare it with.`
      : `No ${noun}s were measured in this clip, so there is nothing to compare.`;
  }
  const [one = 1, other = one === 'last' ? 1 : 'last'] = question.ordinals;
  const a = pick(items, one);
  const b = pick(items, other);
  const missing = [one, other].find((ordinal, i) => ![a, b][i]);
  if (!a || !b || missing !== undefined) {
    return `There is no ${noun} ${String(missing)}: ${plural(items.length, noun)} were measured.`;
  }
  const [first, second] = a.index <= b.index ? [a, b] : [b, a];
  if (first === second) return `That is the same ${noun} twice: ask about two different ones.`;
  return kind === 'jumps'
    ? compareJumps(first as JumpMeasure, second as JumpMeasure)
    : compareReps(first as RepetitionMeasure, second as RepetitionMeasure);
}

type Row = {
  label: string;
  a: number | undefined;
  b: number | undefined;
  write: (v: number) => string;
};

function table(head: [string, string], rows: Row[]): string[] {
  return [
    `| | ${head[0]} | ${head[1]} |`,
    '|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.a === undefined ? 'not seen' : row.write(row.a)} | ${row.b === undefined ? 'not seen' : row.write(row.b)} |`,
    ),
  ];
}

/** "went deeper (107° → 102°)": a direction in words, the two measured values as numbers. */
// Differences smaller than these are measurement noise, not a change: keypoints jitter by a
// few degrees between frames, and at 5 frames a second a time is known to a fifth of a second.
const NOISE = { degrees: 3, seconds: 0.2, bodyLengths: 0.02 };

function change(
  a: number | undefined,
  b: number | undefined,
  noise: number,
  write: (v: number) => string,
  words: { lower: string; higher: string; same: string },
): string | undefined {
  if (a === undefined || b === undefined) return undefined;
  const direction = Math.abs(b - a) < noise ? words.same : b < a ? words.lower : words.higher;
  return `${direction} (${write(a)} → ${write(b)})`;
}

function compareReps(a: RepetitionMeasure, b: RepetitionMeasure): string {
  const head: [string, string] = [
    `Rep ${a.index} (${clock(a.bottom)})`,
    `Rep ${b.index} (${clock(b.bottom)})`,
  ];
  const lines = [
    `**Rep ${a.index} vs rep ${b.index}**, measured at the bottom of each:`,
    '',
    ...table(head, [
      {
        label: 'Knee angle at the bottom',
        a: a.kneeAngleAtBottom,
        b: b.kneeAngleAtBottom,
        write: degrees,
      },
      {
        label: 'Trunk lean at the bottom',
        a: a.trunkLeanAtBottom,
        b: b.trunkLeanAtBottom,
        write: degrees,
      },
      {
        label: 'Left/right knee difference',
        a: a.kneeDifferenceAtBottom,
        b: b.kneeDifferenceAtBottom,
        write: degrees,
      },
      { label: 'Down', a: a.descentSeconds, b: b.descentSeconds, write: seconds },
      {
        label: 'Up',
        a: a.cutOff ? undefined : a.ascentSeconds,
        b: b.cutOff ? undefined : b.ascentSeconds,
        write: seconds,
      },
    ]),
    '',
  ];
  const changes = [
    change(a.kneeAngleAtBottom, b.kneeAngleAtBottom, NOISE.degrees, degrees, {
      lower: 'went deeper',
      higher: 'stopped higher',
      same: 'reached about the same depth',
    }),
    change(a.trunkLeanAtBottom, b.trunkLeanAtBottom, NOISE.degrees, degrees, {
      lower: 'stayed more upright',
      higher: 'leaned further forward',
      same: 'leaned about the same',
    }),
    change(a.descentSeconds, b.descentSeconds, NOISE.seconds, seconds, {
      lower: 'went down faster',
      higher: 'went down slower',
      same: 'went down at about the same speed',
    }),
  ].filter((c): c is string => c !== undefined);
  if (changes.length) lines.push(`Rep ${b.index} ${listed(changes)}.`);
  if (b.cutOff)
    lines.push(`The clip ends while rep ${b.index} is on the way up, so its ascent was not timed.`);
  return lines.join('\n');
}

function compareJumps(a: JumpMeasure, b: JumpMeasure): string {
  const share = (v: number) => `${v.toFixed(2)} body lengths`;
  const air = (v: number) => `${v.toFixed(2)} s`;
  const lines = [
    `**Jump ${a.index} vs jump ${b.index}**:`,
    '',
    ...table(
      [`Jump ${a.index} (${clock(a.takeOff)})`, `Jump ${b.index} (${clock(b.takeOff)})`],
      [
        { label: 'Hip rise', a: a.hipRise, b: b.hipRise, write: share },
        { label: 'Air time', a: a.airTime, b: b.airTime, write: air },
        {
          label: 'Knee angle on landing',
          a: a.landingKneeAngle,
          b: b.landingKneeAngle,
          write: degrees,
        },
        { label: 'Elbows overhead', a: a.elbowAngle, b: b.elbowAngle, write: degrees },
      ],
    ),
    '',
  ];
  const changes = [
    change(a.hipRise, b.hipRise, NOISE.bodyLengths, share, {
      lower: 'went lower',
      higher: 'went higher',
      same: 'reached about the same height',
    }),
    change(a.landingKneeAngle, b.landingKneeAngle, NOISE.degrees, degrees, {
      lower: 'landed with more knee bend',
      higher: 'landed stiffer',
      same: 'landed with about the same knee bend',
    }),
  ].filter((c): c is string => c !== undefined);
  if (changes.length) lines.push(`Jump ${b.index} ${listed(changes)}.`);
  return lines.join('\n');
}

export function repetitionAnswer(context: ChatContext, question: Question): string {
  const measured = measuredOrReason(context);
  if (typeof measured === 'string') return measured;
  const { analysis, athletes } = measured;
  const athlete = athletes[0]!;
  const kind = movementKind(athlete, question);
  const ordinal = question.ordinals[0] ?? 'last';
  const items: { index: number }[] = kind === 'jumps' ? athlete.jumps : athlete.repetitions;
  const noun = kind === 'jumps' ? 'jump' : 'rep';
  const item = pick(items, ordinal);
  if (!item) {
    return items.length
      ? `There is no ${noun} ${String(ordinal)}: ${plural(items.length, noun)} ${items.length === 1 ? 'was' : 'were'} measured.`
      : `No ${noun}s were measured in this clip.`;
  }
  const span =
    kind === 'jumps'
      ? { start: (item as JumpMeasure).start, end: (item as JumpMeasure).end }
      : { start: (item as RepetitionMeasure).start, end: (item as RepetitionMeasure).end };
  const points = analysis.coachingPoints.filter(
    (p) => p.timestamp >= span.start && p.timestamp <= span.end,
  );
  const lines = [
    kind === 'jumps' ? jumpDetail(item as JumpMeasure) : repDetail(item as RepetitionMeasure),
  ];
  if (points.length) {
    lines.push(
      '',
      ...points.map((p) => `- ${clock(p.timestamp)} **${p.title}**: ${p.description}`),
    );
  }
  return lines.join('\n');
}

function repDetail(rep: RepetitionMeasure): string {
  const bottom = [
    rep.kneeAngleAtBottom === undefined
      ? undefined
      : `knee angle ${degrees(rep.kneeAngleAtBottom)} (target ${THRESHOLDS.shallowKneeAngle}° or less)`,
    rep.trunkLeanAtBottom === undefined
      ? undefined
      : `trunk lean ${degrees(rep.trunkLeanAtBottom)} (under ${THRESHOLDS.trunkLean}°)`,
    rep.kneeDifferenceAtBottom === undefined
      ? undefined
      : `knees ${degrees(rep.kneeDifferenceAtBottom)} apart (under ${THRESHOLDS.kneeDifference}°)`,
  ].filter((part): part is string => part !== undefined);
  return (
    `**Rep ${rep.index}** (${clock(rep.start)}-${clock(rep.end)}): down ${seconds(rep.descentSeconds)} ` +
    `to the bottom at ${clock(rep.bottom)}${bottom.length ? `, ${listed(bottom)}` : ''}; ` +
    (rep.cutOff ? 'the clip ends on the way up.' : `up ${seconds(rep.ascentSeconds)}.`)
  );
}

function jumpDetail(jump: JumpMeasure): string {
  return (
    `**Jump ${jump.index}**: take-off at ${clock(jump.takeOff)}, ${jump.airTime.toFixed(2)} s in the air` +
    (jump.airTimeFrom === 'hips' ? ' (timed from the hips; the feet were not seen)' : '') +
    `, hips up ${bodyLengths(jump.hipRise)}` +
    (jump.landingKneeAngle === undefined
      ? ''
      : `, knees at ${degrees(jump.landingKneeAngle)} on landing at ${clock(jump.landingKneeAt)} (${THRESHOLDS.stiffLandingKneeAngle}° or less absorbs it)`) +
    (jump.elbowAngle === undefined
      ? ''
      : `, elbows at ${degrees(jump.elbowAngle)} overhead (over ${THRESHOLDS.fullArmExtension}° is fully extended)`) +
    '.'
  );
}
