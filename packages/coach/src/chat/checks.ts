/** Answers that judge one measure against its target: "is my knee angle OK?", "why …?". */
import type { AthleteMetrics } from '../athlete-metrics';
import { THRESHOLDS } from '../thresholds';
import { bodyLengths } from '../units';
import { AREA_GUIDES } from './area-guides';
import { AREA_OF_TOPIC, at, howMany, momentOf } from './area-wording';
import {
  assessAthlete,
  faultsFirst,
  isFault,
  targetSentence,
  worstFirst,
  type Area,
  type Assessment,
  type Finding,
} from './areas';
import type { ChatContext } from './context';
import { measuredOrReason } from './measured';
import type { Ordinal, Question } from './question';
import { fixFirstAnswer } from './fix-first';
import { jumpLine } from './reps-and-jumps';
import { capitalised, clock, degrees, listed, seconds } from './wording';

/** "Is my knee angle OK?": the measured values against the target, or why it wasn't measured. */
export function checkAnswer(context: ChatContext, question: Question): string {
  const measured = measuredOrReason(context);
  if (typeof measured === 'string') return measured;
  const athlete = measured.athletes[0]!;
  const topic = question.topic ?? 'depth';
  if (topic === 'stance') return stanceAnswer(athlete);
  if (topic === 'speed') return speedAnswer(athlete);
  if (topic === 'height') return heightAnswer(athlete);
  const area = AREA_OF_TOPIC[topic]!;
  const assessment = assessAthlete(athlete).find((a) => a.area === area);
  if (!assessment) return unmeasured(area, athlete);
  const chosen = forOrdinals(assessment, question.ordinals);
  if (!chosen) {
    return `There is no ${String(question.ordinals[0])} ${assessment.noun} with a measured ${assessment.measure}.`;
  }
  const missed = chosen.faults.length > 0;
  const values = chosen.findings.map((f) =>
    f.label === 'the set' ? at(f) : `${at(f)} (${f.label})`,
  );
  const parts = [
    `**${missed ? 'Not yet' : 'Yes'}.** ${capitalised(chosen.measure)}: ${listed(values)}; ` +
      `${targetSentence(chosen)}.`,
  ];
  if (chosen.detail) parts.push(chosen.detail);
  if (missed && chosen.findings.length > 1) {
    const worst = chosen.faults[0]!;
    parts.push(
      `${howMany(chosen)} missed it; the furthest off was ${worst.label} with ${at(worst)}.`,
    );
  } else if (chosen.findings.length > 1) {
    parts.push('All within the target.');
  }
  if (missed) parts.push(AREA_GUIDES[area].cue);
  return parts.join(' ');
}

/** The assessment narrowed to the reps or jumps asked about ("the last one"). */
function forOrdinals(assessment: Assessment, ordinals: Ordinal[]): Assessment | undefined {
  if (!ordinals.length || !['rep', 'landing'].includes(assessment.noun)) return assessment;
  const number = (f: Finding) => Number(f.label.split(' ')[1]);
  const last = Math.max(...assessment.findings.map(number));
  const wanted = new Set(ordinals.map((o) => (o === 'last' ? last : o)));
  const keep = (f: Finding) => wanted.has(number(f));
  const findings = assessment.findings.filter(keep);
  if (!findings.length) return undefined;
  return { ...assessment, findings, faults: assessment.faults.filter(keep), detail: undefined };
}

export function unmeasured(area: Area, athlete: AthleteMetrics): string {
  switch (area) {
    case 'depth':
      return (
        'No squat reps were measured, so there is no depth at the bottom of a rep to judge' +
        (athlete.deepestKneeAngle === undefined
          ? '.'
          : `. The most the knees bent anywhere in the clip was ${degrees(athlete.deepestKneeAngle)}.`)
      );
    case 'trunk':
      return (
        'Trunk lean is judged at the bottom of each rep, and no reps were measured' +
        (athlete.maxTrunkLean === undefined
          ? '.'
          : `. The largest trunk lean seen in the clip was ${degrees(athlete.maxTrunkLean)} (under ${THRESHOLDS.trunkLean}° is the target in a squat).`)
      );
    case 'symmetry':
      return (
        'Knee symmetry is judged at the bottom of each rep, and no reps were measured' +
        (athlete.kneeAsymmetry === undefined
          ? '.'
          : `. While the knees were bent they differed by ${degrees(athlete.kneeAsymmetry)} (median).`)
      );
    case 'tempo':
      return 'Tempo needs at least two complete reps, and this clip does not have them.';
    case 'landing':
      return 'No jumps were measured in this clip, so there are no landings to judge.';
    case 'arms':
      return (
        'The arms were not held overhead in a jump or a held reach, so arm extension was not judged' +
        (athlete.largestElbowAngle === undefined
          ? '.'
          : `. The straightest elbow seen was ${degrees(athlete.largestElbowAngle)}.`)
      );
    case 'hold':
      return (
        `No hold of ${THRESHOLDS.holdSeconds} s or more was measured` +
        (athlete.longestStill
          ? `: the longest still period was ${seconds(athlete.longestStill.seconds)} at ${clock(athlete.longestStill.start)}.`
          : '.')
      );
  }
}

function stanceAnswer(athlete: AthleteMetrics): string {
  const ratio = athlete.medianStanceRatio;
  const { min, max } = THRESHOLDS.stanceRatio;
  if (ratio === undefined)
    return 'The feet and shoulders were not seen well enough to measure the stance.';
  const verdict = ratio < min ? 'narrower than' : ratio > max ? 'wider than' : 'within';
  return (
    `The feet were ${ratio.toFixed(1)} × shoulder width apart (the median over the clip), ` +
    `${verdict} the usual squat stance of ${min.toFixed(1)}-${max.toFixed(1)} ×. ` +
    'Stance width is hard to see from the side, so check it on a clip filmed from the front.'
  );
}

function speedAnswer(athlete: AthleteMetrics): string {
  const peak = athlete.peakSpeed;
  return (
    `The hips travelled ${athlete.movementSpeed.toFixed(2)} body lengths per second on average` +
    (peak
      ? ` and ${peak.speed.toFixed(2)} at the fastest, at ${clock(peak.t)}` +
        (peak.speed >= THRESHOLDS.notableSpeed ? ' (about a jog or faster)' : '')
      : '') +
    '. There is no target for speed: compare it with your other clips.'
  );
}

function heightAnswer(athlete: AthleteMetrics): string {
  if (!athlete.jumps.length)
    return 'No jumps were measured in this clip, so there is no jump height.';
  const best = athlete.jumps.reduce((a, b) => (b.hipRise > a.hipRise ? b : a));
  return [
    `The highest was jump ${best.index} at ${clock(best.takeOff)}: hips up ${bodyLengths(best.hipRise)}, ${best.airTime.toFixed(2)} s in the air.`,
    ...(athlete.jumps.length > 1 ? ['', ...athlete.jumps.map(jumpLine)] : []),
  ].join('\n');
}

/** "Why was my knee angle 107° at 0:02?": the measurement there, the target, the usual causes. */
export function whyAnswer(context: ChatContext, question: Question): string | undefined {
  const measured = measuredOrReason(context);
  if (typeof measured === 'string') return measured;
  const athlete = measured.athletes[0]!;
  const assessments = assessAthlete(athlete);
  const area = question.topic ? AREA_OF_TOPIC[question.topic] : undefined;
  if (question.topic && !area) return checkAnswer(context, question);
  const near = (a: Assessment) =>
    question.time === undefined
      ? (a.faults[0] ?? worstFirst(a)[0])
      : [...a.findings].sort(
          (x, y) => Math.abs(x.timestamp - question.time!) - Math.abs(y.timestamp - question.time!),
        )[0];
  let assessment = area ? assessments.find((a) => a.area === area) : undefined;
  if (area && !assessment) return unmeasured(area, athlete);
  if (!assessment && question.time !== undefined) {
    // No area named: the fault closest to the moment asked about.
    assessment = assessments
      .filter((a) => a.faults.length)
      .sort(
        (x, y) =>
          Math.abs(near(x)!.timestamp - question.time!) -
          Math.abs(near(y)!.timestamp - question.time!),
      )[0];
    if (!assessment) return undefined;
  }
  assessment ??= faultsFirst([athlete])[0];
  if (!assessment) return fixFirstAnswer(context);
  const finding = near(assessment)!;
  const guide = AREA_GUIDES[assessment.area];
  const measuredThere =
    `${capitalised(momentOf(finding))} the ${assessment.measure} was ${finding.measured}; ` +
    `${targetSentence(assessment)}.`;
  if (!isFault(assessment, finding)) {
    return `${measuredThere} That is within the target, so there is nothing to fix there.`;
  }
  const drill = guide.drills[0];
  return [
    measuredThere,
    '',
    `${guide.causes} The clip shows the result, not its cause. ${guide.cue} Then film again to compare.`,
    ...(drill ? ['', `A drill to try: **${drill.name}**. ${drill.how}`] : []),
  ].join('\n');
}
