import { findReaches, largestElbowAngle, type Reach } from './arm-extension';
import { kneeAngleOf, type BodyMoment } from './body-series';
import { defined, distance, median } from './geometry';
import type { Jump } from './jumps';
import { fastest, speedSeries } from './movement';
import type { Repetition } from './repetitions';
import { bodyLengthOf } from './standing';
import { findStillPeriods, type StillPeriod } from './stillness';

export type RepetitionMeasure = Repetition & {
  kneeAngleAtBottom: number | undefined;
  trunkLeanAtBottom: number | undefined;
  kneeDifferenceAtBottom: number | undefined;
  descentSeconds: number;
  ascentSeconds: number;
};

export type JumpMeasure = Jump & {
  /** The straightest the elbows got with the arms raised overhead during the jump. */
  elbowAngle: number | undefined;
};

export type AthleteMetrics = {
  trackId: number | string;
  seenSeconds: number;
  repetitions: RepetitionMeasure[];
  deepestKneeAngle: number | undefined;
  maxTrunkLean: number | undefined;
  medianStanceRatio: number | undefined;
  /** Median left/right knee-angle difference while bent, in degrees. */
  kneeAsymmetry: number | undefined;
  /** Hip travel per second, in body lengths. */
  movementSpeed: number;
  /** Coefficient of variation of repetition durations (0 = perfectly even). */
  tempoVariation: number | undefined;
  jumps: JumpMeasure[];
  /** Arms raised overhead. */
  reaches: Reach[];
  /** The straightest elbow seen, in degrees. */
  largestElbowAngle: number | undefined;
  /** The longest time (at least 1 s) the hips stayed still, and how much they swayed. */
  longestStill: StillPeriod | undefined;
  /** The hips' fastest travel, in body lengths per second, and when. */
  peakSpeed: { t: number; speed: number } | undefined;
};

export function momentAt(moments: BodyMoment[], t: number): BodyMoment {
  return moments.reduce((best, m) => (Math.abs(m.t - t) < Math.abs(best.t - t) ? m : best));
}

export function measureAthlete(
  trackId: number | string,
  moments: BodyMoment[],
  repetitions: Repetition[],
  jumps: Jump[] = [],
): AthleteMetrics {
  const reps: RepetitionMeasure[] = repetitions.map((rep) => {
    const bottom = momentAt(moments, rep.bottom);
    const { leftKneeAngle: left, rightKneeAngle: right } = bottom;
    return {
      ...rep,
      kneeAngleAtBottom: kneeAngleOf(bottom),
      trunkLeanAtBottom: bottom.trunkLean,
      kneeDifferenceAtBottom:
        left !== undefined && right !== undefined ? Math.abs(left - right) : undefined,
      descentSeconds: rep.bottom - rep.start,
      ascentSeconds: rep.end - rep.bottom,
    };
  });

  const bent = moments.filter((m) => (kneeAngleOf(m) ?? 180) < 150);
  const differences = defined(
    bent.map((m) =>
      m.leftKneeAngle !== undefined && m.rightKneeAngle !== undefined
        ? Math.abs(m.leftKneeAngle - m.rightKneeAngle)
        : undefined,
    ),
  );
  const bodyLength = bodyLengthOf(moments) || 1;
  let travel = 0;
  for (let i = 1; i < moments.length; i += 1) {
    travel += distance(moments[i - 1]!.hip, moments[i]!.hip);
  }
  const seenSeconds = moments.length ? moments.at(-1)!.t - moments[0]!.t : 0;
  const durations = reps.filter((rep) => !rep.cutOff).map((rep) => rep.end - rep.start);
  const meanDuration = durations.reduce((a, b) => a + b, 0) / (durations.length || 1);
  const spread = Math.sqrt(
    durations.reduce((sum, d) => sum + (d - meanDuration) ** 2, 0) / (durations.length || 1),
  );
  const kneeAngles = defined(moments.map(kneeAngleOf));
  const stances = defined(moments.map((m) => m.stanceRatio));
  const reaches = findReaches(moments, bodyLength);
  const speeds = speedSeries(moments, bodyLength);
  const peak = fastest(speeds);
  const armsDuring = (jump: Jump) => {
    const angles = defined(
      reaches
        .filter((reach) => reach.start <= jump.end && reach.end >= jump.start)
        .map((reach) => reach.elbowAngle),
    );
    return angles.length ? Math.max(...angles) : undefined;
  };
  const longestStill = findStillPeriods(speeds, bodyLength, [...repetitions, ...jumps]).reduce<
    StillPeriod | undefined
  >((best, period) => (!best || period.seconds > best.seconds ? period : best), undefined);

  return {
    trackId,
    seenSeconds,
    repetitions: reps,
    deepestKneeAngle: deepestKneeAngle(reps, kneeAngles),
    maxTrunkLean: moments.length ? Math.max(...moments.map((m) => m.trunkLean)) : undefined,
    medianStanceRatio: stances.length ? median(stances) : undefined,
    kneeAsymmetry: differences.length ? median(differences) : undefined,
    movementSpeed: seenSeconds > 0 ? travel / bodyLength / seenSeconds : 0,
    tempoVariation: durations.length >= 2 ? spread / meanDuration : undefined,
    jumps: jumps.map((jump) => ({ ...jump, elbowAngle: armsDuring(jump) })),
    reaches,
    largestElbowAngle: largestElbowAngle(moments),
    longestStill,
    peakSpeed: peak && { t: peak.t, speed: peak.speed },
  };
}

/**
 * The deepest knee bend: the deepest rep's bottom when there are reps (what the rep-by-rep list
 * shows), otherwise a low percentile, so one frame's misplaced knee cannot set the record.
 */
function deepestKneeAngle(reps: RepetitionMeasure[], kneeAngles: number[]): number | undefined {
  const bottoms = defined(reps.map((rep) => rep.kneeAngleAtBottom));
  if (bottoms.length) return Math.min(...bottoms);
  if (!kneeAngles.length) return undefined;
  const sorted = [...kneeAngles].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) * 0.05)];
}
