import type { BodyMoment } from '../body-series';
import { defined } from '../geometry';
import { smoothInTime, bodyTilt, indexAt, peaks, quantile, share, type Athlete } from './athlete';
import { guidesFor } from './points';
import type { CoachingPoint, MetricRecord, MovementEvent } from '@filmroom/contract';
import { judged, metric } from './records';
import { vertexTime } from './timing';
import type { MetricDraft, Topic } from './types';

/** A score from a measure: 0 at `zero`, 1 at `one`, straight in between (either direction). */
export function ramp(value: number | undefined, zero: number, one: number): number {
  if (value === undefined || !Number.isFinite(value)) return 0;
  const fraction = (value - zero) / (one - zero);
  return Math.max(0, Math.min(1, fraction));
}

/** Upright: standing or moving on the feet, not lying or on the hands. */
export function uprightShare(athlete: Athlete): number {
  return share(athlete.moments.map(bodyTilt), (tilt) => tilt < 35);
}

export type Cycle = {
  start: number;
  /** The lowest sample's time (the sample measures are read at). */
  bottom: number;
  /**
   * The bottom between samples, as an event is timed: the vertex of the parabola through the
   * lowest sample and its neighbours (a turning point lies between samples more often than on
   * one, up to half a sample gap off at the scan's sparse five a second).
   */
  lowest: number;
  end: number;
  depth: number;
};

/**
 * Down-and-up cycles of a height series (hips, shoulders, hands): each bottom is a minimum that
 * sits at least `depth` (trunk lengths) below the tops either side. Works at any sampling rate.
 */
export function cycles(
  athlete: Athlete,
  heights: number[],
  depth: number,
  minSeconds = 0.5,
): Cycle[] {
  const moments = athlete.moments;
  const smoothed = smoothInTime(
    heights,
    moments.map((m) => m.t),
    0.15,
  );
  const bottoms = peaks(
    smoothed.map((h) => -h),
    depth,
    minSeconds,
    moments.map((m) => m.t),
  );
  return bottoms.map((i, n) => {
    const previous = bottoms[n - 1] ?? 0;
    const next = bottoms[n + 1] ?? moments.length - 1;
    const top = (from: number, to: number) => {
      let best = from;
      for (let j = from; j <= to; j += 1) if (smoothed[j]! > smoothed[best]!) best = j;
      return best;
    };
    const start = top(previous, i);
    const end = top(i, next);
    const t = (j: number) => moments[j]!.t;
    const lowest =
      i > 0 && i + 1 < moments.length
        ? vertexTime([t(i - 1), t(i), t(i + 1)], [smoothed[i - 1]!, smoothed[i]!, smoothed[i + 1]!])
        : t(i);
    return {
      start: moments[start]!.t,
      bottom: moments[i]!.t,
      lowest,
      end: moments[end]!.t,
      depth: Math.min(smoothed[start]!, smoothed[end]!) - smoothed[i]!,
    };
  });
}

export const event = (name: string, label: string, t: number): MovementEvent => ({
  name,
  label,
  t,
});

/** The most bent knee of a moment (the working leg of a lunge or a landing). */
export function deeperKnee(moment: BodyMoment): number | undefined {
  const angles = defined([moment.leftKneeAngle, moment.rightKneeAngle]);
  return angles.length ? Math.min(...angles) : undefined;
}

/** The straighter elbow of a moment (a hitting or shooting arm at full reach). */
export function straighterElbow(moment: BodyMoment): number | undefined {
  const angles = defined([moment.leftElbowAngle, moment.rightElbowAngle]);
  return angles.length ? Math.max(...angles) : undefined;
}

/** The index range of moments between two times. */
export function between(athlete: Athlete, from: number, to: number): number[] {
  const out: number[] = [];
  athlete.moments.forEach((m, i) => {
    if (m.t >= from && m.t <= to) out.push(i);
  });
  return out;
}

/** The index among `indexes` where `value` is largest (or smallest with `lowest`). */
export function extreme(
  indexes: number[],
  value: (i: number) => number | undefined,
  lowest = false,
): number | undefined {
  let best: number | undefined;
  let bestValue = 0;
  for (const i of indexes) {
    const v = value(i);
    if (v === undefined || !Number.isFinite(v)) continue;
    if (best === undefined || (lowest ? v < bestValue : v > bestValue)) {
      best = i;
      bestValue = v;
    }
  }
  return best;
}

/** The hips' horizontal travel over the clip, in trunk lengths (low for work done on the spot). */
export function hipTravel(athlete: Athlete): number {
  const xs = athlete.moments.map((m) => m.hip.x / athlete.trunk);
  return (quantile(xs, 0.95) ?? 0) - (quantile(xs, 0.05) ?? 0);
}

/**
 * How much a set's repetitions add to the evidence: one rep could be any dip or reach, the
 * same shape repeated is a set. A single rep is never read as near-certain.
 */
export function setEvidence(repetitions: number): number {
  return 0.75 + 0.25 * ramp(repetitions, 1, 2);
}

/** How far the shoulders move up and down, in trunk lengths (robust to a stray frame). */
export function shoulderRange(athlete: Athlete): number {
  return (
    (quantile(athlete.shoulderHeight, 0.95) ?? 0) - (quantile(athlete.shoulderHeight, 0.05) ?? 0)
  );
}

/**
 * How far the trunk is folded forward at a moment, in degrees: its lean from vertical, or,
 * seen from the front (where a lean only shortens the trunk on the picture), the angle that
 * shortening implies against the trunk's standing length.
 */
function trunkFold(athlete: Athlete, t: number): number {
  const m = athlete.moments[indexAt(athlete, t)]!;
  const seen = Math.hypot(m.shoulder.x - m.hip.x, m.shoulder.y - m.hip.y) / athlete.trunk;
  const shortened = (Math.acos(Math.min(1, seen / 1.1)) * 180) / Math.PI;
  return Math.max(m.trunkLean, shortened);
}

/**
 * Which joint a bend at the bottom is made with, in degrees: the trunk's fold less half the
 * knees' bend. Positive: hip-dominant (a hinge, the trunk far forward on soft knees); negative:
 * knee-dominant (a squat or a lunge, the knees deep under a trunk nearer upright).
 */
export function hipDominance(athlete: Athlete, t: number): number {
  const knee = deeperKnee(athlete.moments[indexAt(athlete, t)]!) ?? 180;
  return trunkFold(athlete, t) - 0.5 * (180 - knee);
}

/**
 * The legs working in turn (running, walking, a skater's push), not together (a squat, a
 * jump, a lift): the median spread of the ankles at the given moments, in trunk lengths,
 * along the picture or up it, whichever is wider. Read without left and right, which a side
 * view swaps.
 */
export function legSpread(athlete: Athlete, times: number[]): number {
  const spreads = times.flatMap((t) => {
    const { left_ankle: l, right_ankle: r } = athlete.moments[indexAt(athlete, t)]!.points;
    if (!l || !r) return [];
    const { left_shoulder: ls, right_shoulder: rs } = athlete.moments[indexAt(athlete, t)]!.points;
    // Facing the camera, feet wide apart sideways are a stance, not a stride: only the lift of
    // one foot above the other counts then.
    const facing = ls && rs && Math.abs(ls.x - rs.x) > athlete.trunk * 0.5;
    const across = facing ? 0 : Math.abs(l.x - r.x);
    return [Math.max(across, Math.abs(l.y - r.y)) / athlete.trunk];
  });
  return quantile(spreads, 0.5) ?? 0;
}

/** How far the hips move up and down, in trunk lengths (robust to a stray frame). */
export function hipRange(athlete: Athlete): number {
  return (quantile(athlete.hipHeight, 0.95) ?? 0) - (quantile(athlete.hipHeight, 0.05) ?? 0);
}

export const seconds = (athlete: Athlete) =>
  athlete.moments.length ? athlete.moments.at(-1)!.t - athlete.moments[0]!.t : 0;

/**
 * Feet split front and back at this moment (a lunge or a stride): the ankles at least a trunk
 * apart along the ground, the two knees bent very differently, or a knee down by the floor.
 */
export function splitStance(athlete: Athlete, t: number): boolean {
  const m = athlete.moments.reduce((best, x) =>
    Math.abs(x.t - t) < Math.abs(best.t - t) ? x : best,
  );
  const { left_ankle: la, right_ankle: ra } = m.points;
  // Feet a trunk apart along the picture mean front and back only when seen side-on (narrow
  // shoulders); facing the camera they are a wide stance.
  const { left_shoulder: ls, right_shoulder: rs } = m.points;
  const sideOn = !ls || !rs || Math.abs(ls.x - rs.x) < athlete.trunk * 0.35;
  if (sideOn && la && ra && Math.abs(la.x - ra.x) >= athlete.trunk * 0.9) return true;
  // Knee angles in the picture are the knees' own only side-on: facing the camera they fold
  // toward or away from it, and a tilted phone alone can make a squat's two knees differ by 45°.
  if (
    sideOn &&
    m.leftKneeAngle !== undefined &&
    m.rightKneeAngle !== undefined &&
    Math.abs(m.leftKneeAngle - m.rightKneeAngle) >= 35
  ) {
    return true;
  }
  // A knee down near the floor (within a third of a trunk of the ankles' level) is the rear knee of a
  // lunge; a squat keeps both knees a shin's length above the feet.
  const ankles = [m.points.left_ankle, m.points.right_ankle].filter((a) => !!a);
  const knees = [m.points.left_knee, m.points.right_knee].filter((k) => !!k);
  if (!ankles.length || !knees.length) return false;
  const ground = Math.max(...ankles.map((a) => a!.y));
  return knees.some((k) => k!.y >= ground - athlete.trunk * 0.3);
}

/** "3 repetitions were counted (squats), each judged at its bottom." */
export function repetitionSummary(count: number, what: string, how: string): string {
  if (count === 0) return `No complete ${what} was counted.`;
  return `**${count} repetition${count === 1 ? ' was' : 's were'} counted** (${what}${count === 1 ? '' : 's'}), each ${how}.`;
}

/**
 * The reference point of a set: the best repetition, drawn on the athlete, quoting its record
 * (`key`), as the model for the others. No record (the view could not measure it), no point.
 */
export function repetitionPoint(
  athlete: Athlete,
  records: MetricRecord[],
  topic: Topic,
  keys: string[],
): CoachingPoint[] {
  const record = keys
    .map((key) => records.find((r) => r.id.endsWith(`.${key}`)))
    .find((r) => r !== undefined && r.t !== null);
  // A rep that missed the target is no model, however deep it went.
  if (!record || record.status === 'fault') return [];
  return [
    {
      timestamp: record.t!,
      title: 'The model rep',
      description: `${record.name} ${record.text}. Match it on every rep.`,
      type: topic,
      visualGuides: guidesFor(topic, athlete.moments[indexAt(athlete, record.t!)]!, athlete),
      metricIds: [record.id],
    },
  ];
}

/** Said when a clip's times are left out because it plays slower than life. */
export const SLOW_MOTION_SUSPECTED =
  'Times and speeds: this looks like slow motion (the movement takes far longer than it can in real life), so they are left out. Set the slow-motion factor in the Analysis tab to get them.';

/**
 * A duration in real seconds (athletes are read on the real clock when the footage is declared
 * slowed). Without a declared time scale the clip is taken as real time,
 * unless the duration is longer than the movement ever takes in real life (`realMax`): then the
 * footage is slowed and no absolute time can be stated (undefined). Nor can one on a clock
 * inferred from the movement's usual pace.
 */
export function realSeconds(
  context: { timeDeclared: boolean; timeInferred?: boolean },
  clipSeconds: number,
  realMax: number,
): number | undefined {
  if (context.timeInferred) return undefined;
  if (context.timeDeclared) return clipSeconds;
  return clipSeconds > realMax ? undefined : clipSeconds;
}

/**
 * Of the moments at these times, the one where `measure` is largest (or smallest), with its
 * value: the shallowest rep, the straightest landing, the most bent knee. Only those in the
 * athlete's focus, when the coach asked about a stretch that has some: the shallowest rep of
 * the whole set may lie outside it, and "nothing measured there" would be false.
 */
export function extremeAt(
  athlete: Athlete,
  times: number[],
  measure: (moment: BodyMoment) => number | undefined,
  want: 'largest' | 'smallest',
): { t: number; value: number } | undefined {
  const { focus } = athlete;
  const focused = focus ? times.filter((t) => t >= focus.from && t <= focus.to) : [];
  let best: { t: number; value: number } | undefined;
  for (const t of focused.length ? focused : times) {
    const moment = athlete.moments[indexAt(athlete, t)]!;
    const value = measure(moment);
    if (value === undefined) continue;
    if (!best || (want === 'largest' ? value > best.value : value < best.value)) {
      best = { t: moment.t, value };
    }
  }
  return best;
}

/**
 * A rep set's depth, as two records of one joint angle at the bottoms: the shallowest rep
 * (`key`, the one to coach) and, when it is another rep, the deepest (`best_rep`, the model).
 * Deeper is a smaller angle.
 */
export function depthRecords(
  athlete: Athlete,
  bottoms: number[],
  angle: (moment: BodyMoment) => number | undefined,
  record: {
    key: string;
    name: string;
    target: string;
    source: string;
    range: { min?: number; max?: number };
    topic: Topic;
  },
): MetricDraft[] {
  const draft = (key: string, which: string, rep: { t: number; value: number }) =>
    metric({
      key,
      name: `${record.name} (${which} rep)`,
      value: rep.value,
      unit: '°',
      t: rep.t,
      event: 'bottom',
      target: record.target,
      source: record.source,
      status: judged(Math.round(rep.value), record.range),
      topic: record.topic,
    });
  const shallowest = extremeAt(athlete, bottoms, angle, 'largest');
  const deepest = extremeAt(athlete, bottoms, angle, 'smallest');
  if (!shallowest) return [];
  return [
    draft(record.key, 'shallowest', shallowest),
    ...(deepest && deepest.t !== shallowest.t ? [draft('best_rep', 'deepest', deepest)] : []),
  ];
}

/**
 * When a height series left a level it held (`direction` -1: started down from it, +1: started
 * up from it), searching the samples `from` to `to` (indexes): the first sample clearly away
 * from it (`margin` beyond), traced back along the speed the movement goes on at, to where it
 * was still at the level. Between samples, since a slow stretch may be sampled only five times
 * a second; never before the last sample at the level. Undefined when it never left.
 */
export function leftLevel(
  times: number[],
  heights: number[],
  from: number,
  to: number,
  level: number,
  margin: number,
  direction: 1 | -1,
): number | undefined {
  const away = (i: number) => (heights[i]! - level) * direction;
  let i = from;
  while (i <= to && away(i) < margin) i += 1;
  if (i > to || i === 0) return i > to ? undefined : times[i];
  const next = Math.min(i + 1, heights.length - 1);
  const speed = next > i ? (away(next) - away(i)) / (times[next]! - times[i]!) : 0;
  const back = speed > 0 ? away(i) / speed : Infinity;
  return Math.max(times[i - 1]!, times[i]! - back);
}

/**
 * When a height series arrived at a level (`direction` +1: rising to it, -1: sinking to it),
 * searching `from` to `to`: the first sample within `margin` of it, the moment it got there
 * traced forward from the sample before along the speed it came at. Between samples; never
 * after the first sample at the level. Undefined when it never got there.
 */
export function reachedLevel(
  times: number[],
  heights: number[],
  from: number,
  to: number,
  level: number,
  margin: number,
  direction: 1 | -1,
): number | undefined {
  const short = (i: number) => (level - heights[i]!) * direction;
  let i = from;
  while (i <= to && short(i) > margin) i += 1;
  if (i > to) return undefined;
  if (i === from || i < 2) return times[i];
  const speed = (short(i - 2) - short(i - 1)) / (times[i - 1]! - times[i - 2]!);
  const ahead = speed > 0 ? short(i - 1) / speed : Infinity;
  return Math.min(times[i]!, times[i - 1]! + ahead);
}

/**
 * The time of the highest point of a series near sample `i` (a local maximum), between
 * samples: the vertex of the parabola through it and its neighbours.
 */
export function highestBetween(times: number[], values: number[], i: number): number {
  if (i <= 0 || i >= values.length - 1) return times[i]!;
  const [t0, t1, t2] = [times[i - 1]!, times[i]!, times[i + 1]!];
  const [y0, y1, y2] = [values[i - 1]!, values[i]!, values[i + 1]!];
  const slope1 = (y1 - y0) / (t1 - t0);
  const slope2 = (y2 - y1) / (t2 - t1);
  const curvature = (slope2 - slope1) / ((t2 - t0) / 2);
  if (curvature >= 0) return t1;
  const vertex = (t0 + t1) / 2 - slope1 / curvature;
  return Math.min(t2, Math.max(t0, vertex));
}
