import type { AthleteMetrics } from '../athlete-metrics';
import { HELD_REACH_SECONDS } from '../movement-points';
import { isShallowSquat, THRESHOLDS } from '../thresholds';
import { clock, degrees, seconds } from './wording';

/** The parts of a movement the coach judges against a target. */
export type Area = 'landing' | 'trunk' | 'depth' | 'symmetry' | 'tempo' | 'arms' | 'hold';

/**
 * What to fix first, when several areas miss their target: the order the written feedback
 * already gives (stiff landings first among jump faults, depth first among squat faults, then
 * a dropping chest), so the chat and the analysis never disagree; then balance between the
 * sides, rhythm, arm reach and steadiness.
 */
export const AREA_ORDER: Area[] = [
  'landing',
  'depth',
  'trunk',
  'symmetry',
  'tempo',
  'arms',
  'hold',
];

/** One measured instance of an area: a rep's bottom, a landing, a reach, the set's tempo. */
export type Finding = {
  timestamp: number;
  /** Which instance, in the answer's words: "rep 2", "jump 1", "the set". */
  label: string;
  value: number;
  /** The value as written: "107°", "2.7 % of body length". */
  measured: string;
};

export type Assessment = {
  area: Area;
  /** Index of the athlete in the analysis (0 is the one seen longest). */
  athlete: number;
  /** What was measured, in a phrase: "knee angle at the bottom". */
  measure: string;
  /** The target, in a phrase: "100° or less". */
  target: string;
  /** What the target means, when it needs saying: "thighs parallel is about 90°". */
  targetNote?: string;
  /** What one instance is called: rep, landing, reach, hold. */
  noun: string;
  /** Which way a value misses the target: knee angles too high, elbow angles too low. */
  worseWhen: 'higher' | 'lower';
  /** Every measured instance, in time order. */
  findings: Finding[];
  /** The instances that missed the target, worst first; empty when all met it. */
  faults: Finding[];
  /** A measured detail that explains the verdict, e.g. the range of rep durations. */
  detail?: string;
};

/** Every area this athlete's clip measured, judged against THRESHOLDS, in AREA_ORDER. */
export function assessAthlete(metrics: AthleteMetrics, athlete = 0): Assessment[] {
  const assessments = [
    landing(metrics),
    trunk(metrics),
    depth(metrics),
    symmetry(metrics),
    tempo(metrics),
    arms(metrics),
    hold(metrics),
  ];
  return assessments
    .filter((a): a is Omit<Assessment, 'athlete'> => a !== undefined)
    .map((a) => ({ ...a, athlete }));
}

/** The areas that missed their target, across athletes, most important first. */
export function faultsFirst(athletes: AthleteMetrics[]): Assessment[] {
  return athletes
    .flatMap((metrics, index) => assessAthlete(metrics, index))
    .filter((a) => a.faults.length > 0)
    .sort(
      (a, b) => AREA_ORDER.indexOf(a.area) - AREA_ORDER.indexOf(b.area) || a.athlete - b.athlete,
    );
}

type Judged = Omit<Assessment, 'athlete'>;

const byTime = (a: Finding, b: Finding) => a.timestamp - b.timestamp;

function depth(metrics: AthleteMetrics): Judged | undefined {
  // Dips where the knees hardly bent are not squats: their depth is not judged.
  const squats = metrics.repetitions.filter(
    (rep) =>
      rep.kneeAngleAtBottom !== undefined && rep.kneeAngleAtBottom < THRESHOLDS.squatKneeAngle,
  );
  if (!squats.length) return undefined;
  const finding = (rep: (typeof squats)[number]): Finding => ({
    timestamp: rep.bottom,
    label: `rep ${rep.index}`,
    value: rep.kneeAngleAtBottom!,
    measured: degrees(rep.kneeAngleAtBottom!),
  });
  return {
    area: 'depth',
    measure: 'knee angle at the bottom',
    target: `${THRESHOLDS.shallowKneeAngle}° or less`,
    targetNote: `thighs parallel is about ${THRESHOLDS.parallelKneeAngle}°`,
    noun: 'rep',
    worseWhen: 'higher',
    findings: squats.map(finding),
    faults: squats
      .filter(isShallowSquat)
      .map(finding)
      .sort((a, b) => b.value - a.value),
  };
}

function trunk(metrics: AthleteMetrics): Judged | undefined {
  const reps = metrics.repetitions.filter((rep) => rep.trunkLeanAtBottom !== undefined);
  if (!reps.length) return undefined;
  const findings = reps.map((rep): Finding => ({
    timestamp: rep.bottom,
    label: `rep ${rep.index}`,
    value: rep.trunkLeanAtBottom!,
    measured: degrees(rep.trunkLeanAtBottom!),
  }));
  return {
    area: 'trunk',
    measure: 'trunk lean from vertical at the bottom',
    target: `under ${THRESHOLDS.trunkLean}°`,
    noun: 'rep',
    worseWhen: 'higher',
    findings,
    faults: findings
      .filter((f) => f.value > THRESHOLDS.trunkLean)
      .sort((a, b) => b.value - a.value),
  };
}

function symmetry(metrics: AthleteMetrics): Judged | undefined {
  const reps = metrics.repetitions.filter((rep) => rep.kneeDifferenceAtBottom !== undefined);
  if (!reps.length) return undefined;
  const findings = reps.map((rep): Finding => ({
    timestamp: rep.bottom,
    label: `rep ${rep.index}`,
    value: rep.kneeDifferenceAtBottom!,
    measured: degrees(rep.kneeDifferenceAtBottom!),
  }));
  return {
    area: 'symmetry',
    measure: 'difference between the left and right knee angles at the bottom',
    target: `under ${THRESHOLDS.kneeDifference}°`,
    noun: 'rep',
    worseWhen: 'higher',
    findings,
    faults: findings
      .filter((f) => f.value > THRESHOLDS.kneeDifference)
      .sort((a, b) => b.value - a.value),
  };
}

function tempo(metrics: AthleteMetrics): Judged | undefined {
  const variation = metrics.tempoVariation;
  const timed = metrics.repetitions.filter((rep) => !rep.cutOff);
  if (variation === undefined || timed.length < 2) return undefined;
  const duration = (rep: (typeof timed)[number]) => rep.end - rep.start;
  const slowest = timed.reduce((a, b) => (duration(b) > duration(a) ? b : a));
  const fastest = timed.reduce((a, b) => (duration(b) < duration(a) ? b : a));
  const finding: Finding = {
    timestamp: slowest.start,
    label: 'the set',
    value: variation,
    measured: `${Math.round(variation * 100)} %`,
  };
  return {
    area: 'tempo',
    measure: 'variation in rep duration',
    target: `under ${Math.round(THRESHOLDS.tempoVariation * 100)} %`,
    noun: 'set',
    worseWhen: 'higher',
    findings: [finding],
    faults: variation > THRESHOLDS.tempoVariation ? [finding] : [],
    detail:
      seconds(duration(fastest)) === seconds(duration(slowest))
        ? `Every complete rep took ${seconds(duration(fastest))}.`
        : `Complete reps took between ${seconds(duration(fastest))} (rep ${fastest.index}) and ` +
          `${seconds(duration(slowest))} (rep ${slowest.index}).`,
  };
}

function landing(metrics: AthleteMetrics): Judged | undefined {
  const landed = metrics.jumps.filter((jump) => jump.landingKneeAngle !== undefined);
  if (!landed.length) return undefined;
  const findings = landed.map((jump): Finding => ({
    timestamp: jump.landingKneeAt,
    label: `jump ${jump.index}`,
    value: jump.landingKneeAngle!,
    measured: degrees(jump.landingKneeAngle!),
  }));
  return {
    area: 'landing',
    measure: 'knee angle when absorbing the landing',
    target: `${THRESHOLDS.stiffLandingKneeAngle}° or less`,
    targetNote: 'the knees bending to absorb the impact',
    noun: 'landing',
    worseWhen: 'higher',
    findings,
    faults: findings
      .filter((f) => f.value > THRESHOLDS.stiffLandingKneeAngle)
      .sort((a, b) => b.value - a.value),
  };
}

function arms(metrics: AthleteMetrics): Judged | undefined {
  const duringJump = (reach: { start: number; end: number }) =>
    metrics.jumps.some((jump) => reach.start <= jump.end && reach.end >= jump.start);
  // Outside a jump, only a held reach is judged: a short one may be a throw, bent on purpose.
  const reaches = metrics.reaches.filter(
    (reach) =>
      reach.elbowAngle !== undefined &&
      !duringJump(reach) &&
      reach.end - reach.start >= HELD_REACH_SECONDS,
  );
  const findings: Finding[] = [
    ...metrics.jumps
      .filter((jump) => jump.elbowAngle !== undefined)
      .map((jump) => ({
        timestamp: jump.peak,
        label: `jump ${jump.index}`,
        value: jump.elbowAngle!,
        measured: degrees(jump.elbowAngle!),
      })),
    ...reaches.map((reach) => ({
      timestamp: reach.peak,
      label: 'a held reach',
      value: reach.elbowAngle!,
      measured: degrees(reach.elbowAngle!),
    })),
  ].sort(byTime);
  if (!findings.length) return undefined;
  return {
    area: 'arms',
    measure: 'elbow angle with the arms overhead',
    target: `over ${THRESHOLDS.fullArmExtension}°`,
    noun: 'reach',
    worseWhen: 'lower',
    findings,
    faults: findings
      .filter((f) => f.value < THRESHOLDS.fullArmExtension)
      .sort((a, b) => a.value - b.value),
  };
}

function hold(metrics: AthleteMetrics): Judged | undefined {
  const still = metrics.longestStill;
  if (!still || still.seconds < THRESHOLDS.holdSeconds) return undefined;
  const finding: Finding = {
    timestamp: still.swayAt,
    label: 'the hold',
    value: still.sway,
    measured: `${(still.sway * 100).toFixed(1)} % of body length`,
  };
  return {
    area: 'hold',
    measure: 'hip sway during the hold',
    target: `under ${Math.round(THRESHOLDS.holdSway * 100)} % of body length`,
    noun: 'hold',
    worseWhen: 'higher',
    findings: [finding],
    faults: still.sway > THRESHOLDS.holdSway ? [finding] : [],
    detail: `The hold lasted ${seconds(still.seconds)}.`,
  };
}

/** "107° at 0:02", or for a whole set "0 % over the set". */
export function measuredAt(finding: Finding): string {
  return finding.label === 'the set'
    ? `${finding.measured} over the set`
    : `${finding.measured} at ${clock(finding.timestamp)}`;
}

/** "the target is 100° or less (thighs parallel is about 90°)". */
export const targetSentence = (assessment: Assessment) =>
  `the target is ${assessment.target}${assessment.targetNote ? ` (${assessment.targetNote})` : ''}`;

/** Whether this finding missed the target. */
export const isFault = (assessment: Assessment, finding: Finding) =>
  assessment.faults.some((f) => f.label === finding.label && f.timestamp === finding.timestamp);

/** The findings from the one furthest from the target (or closest to missing it) down. */
export function worstFirst(assessment: Assessment): Finding[] {
  const sign = assessment.worseWhen === 'higher' ? -1 : 1;
  return [...assessment.findings].sort((a, b) => sign * (a.value - b.value));
}
