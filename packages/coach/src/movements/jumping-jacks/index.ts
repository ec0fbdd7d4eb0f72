import { handHeights, momentAt, peaks, wristsOf, type Athlete } from '../athlete';
import { judged, metric } from '../records';
import { event, ramp, straighterElbow, uprightShare, extremeAt, highestBetween } from '../shared';
import type { MetricDraft, MovementModule } from '../types';

/**
 * Arms-overhead moments: both hands above the head, the arms swung down to the sides in
 * between. The swing spans nearly two trunk lengths; a third of it stands a peak out even where
 * the sparse samples miss the hands' lowest moment.
 */
function overheads(athlete: Athlete): number[] {
  const bridged = overheadsInGaps(athlete);
  // A peak seen at the edge of a gap the top was traced into is that top's approach, not it.
  const seen = overheadsSeen(athlete)
    .filter(
      ({ sample: t }) =>
        !bridged.some((gap) => t === gap.rose || t === gap.fell || t === gap.from || t === gap.to),
    )
    .map((top) => top.t);
  return mergeNear([...seen, ...bridged.map((gap) => gap.t)]);
}

/**
 * Arms-overhead moments the scan saw: the hands' highest, both above the shoulders. The top of
 * the swing lies between samples more often than on one: it is the vertex of the parabola
 * through the highest sample and its neighbours.
 */
function overheadsSeen(athlete: Athlete): { sample: number; t: number }[] {
  const h = handHeights(athlete, 0.07);
  const times = athlete.moments.map((m) => m.t);
  return peaks(h, 0.6, 0.4, times)
    .filter((i) => h[i]! > 0.6 && bothHandsUp(athlete, i))
    .map((i) => ({ sample: times[i]!, t: highestBetween(times, h, i) }));
}

// The scan samples at least five times a second: a longer gap is the athlete lost for a
// moment (a backlit body, arms crossing the face), not a sparse stretch.
const LOST = 0.3;
// Hands overhead for longer than this are held there, not swung through a jack.
const LONGEST_OVERHEAD = 1;

/**
 * Arms-overhead moments the scan lost the athlete over: the hands rising above the shoulders
 * into the gap and coming back down out of it. A jack's swing is symmetric about its top, so
 * the top is midway between the times the hands passed the same height going up and coming
 * down (the lower of the two heights seen at the gap's edges, found on the other side by
 * interpolating between samples). Not read for measures: no sample shows that moment.
 */
function overheadsInGaps(
  athlete: Athlete,
): { t: number; from: number; to: number; rose: number; fell: number }[] {
  const times = athlete.moments.map((m) => m.t);
  const h = athlete.handHeight;
  const at = (i: number) => h[i] ?? Number.NaN;
  const out: { t: number; from: number; to: number; rose: number; fell: number }[] = [];
  for (let a = 1; a + 2 < times.length; a += 1) {
    const b = a + 1;
    const gap = times[b]! - times[a]!;
    if (gap <= LOST || gap > LONGEST_OVERHEAD) continue;
    // Rising into the gap and falling out of it (NaN, a wrist unseen, fails both).
    if (!(at(a) > at(a - 1)) || !(at(b + 1) < at(b))) continue;
    const higher = at(a) >= at(b) ? a : b;
    const level = Math.min(at(a), at(b));
    // Both hands over the shoulders, a jack's swing under them on both sides (the prominence
    // a peak seen must have).
    const swungFrom = (from: number, to: number) =>
      Math.min(...h.slice(Math.max(0, from), to + 1).filter((v): v is number => v !== undefined)) <=
      at(higher) - 0.6;
    const within = (i: number, step: 1 | -1) => {
      let j = i;
      while (
        j + step >= 0 &&
        j + step < times.length &&
        Math.abs(times[j + step]! - times[i]!) <= LONGEST_OVERHEAD
      )
        j += step;
      return j;
    };
    // The sample at the gap's edge is on the way to the top, not at it: both hands above the
    // shoulders there (not one hand's reach), however far short of the top the last frame
    // before the gap fell (a frame is twice as far from the top at 15 fps as at 30).
    if (!bothHandsUp(athlete, higher, 0)) continue;
    if (!swungFrom(within(a, -1), a) || !swungFrom(b, within(b, 1))) continue;
    const crossing =
      higher === a ? crossed(times, h, a, level, -1) : crossed(times, h, b, level, 1);
    if (crossing === undefined) continue;
    const [rose, fell] = higher === a ? [crossing, times[b]!] : [times[a]!, crossing];
    if (fell - rose <= LONGEST_OVERHEAD * 2) {
      out.push({ t: (rose + fell) / 2, from: times[a]!, to: times[b]!, rose, fell });
    }
  }
  return out;
}

/**
 * When the hands' height last (step -1, searching back) or next (step 1) stood at `level`
 * from sample `from`, between samples; undefined if not seen.
 */
function crossed(
  times: number[],
  h: (number | undefined)[],
  from: number,
  level: number,
  step: 1 | -1,
): number | undefined {
  for (let i = from; i + step >= 0 && i + step < times.length; i += step) {
    const [near, far] = [h[i], h[i + step]];
    if (near === undefined || far === undefined) return undefined;
    if (Math.abs(times[i + step]! - times[i]!) > LOST) return undefined;
    if (far <= level) {
      const share = near === far ? 0 : (near - level) / (near - far);
      return times[i]! + share * (times[i + step]! - times[i]!);
    }
  }
  return undefined;
}

/** Moments closer than a jack apart are one. */
function mergeNear(times: number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.filter((t, i) => i === 0 || t - sorted[i - 1]! >= 0.4);
}

// At the top of a jack both wrists are well above the shoulders (trunk lengths).
const HANDS_OVERHEAD = 0.3;

/**
 * Both wrists at least `above` trunk lengths over the shoulders (when both are seen): a jack's
 * arms, not one hand's reach.
 */
function bothHandsUp(athlete: Athlete, i: number, above = HANDS_OVERHEAD): boolean {
  const m = athlete.moments[i]!;
  const wrists = wristsOf(m);
  if (wrists.length < 2) return (athlete.wristGap[i] ?? 0) < 1;
  return Math.max(...wrists.map((w) => w.y)) <= m.shoulder.y - above * athlete.trunk;
}

export const jumpingJacks: MovementModule = {
  id: 'jumping_jacks',
  label: 'Jumping jacks',
  sport: 'fitness',
  sportOwnsClip: false,
  repetition: { one: 'rep', many: 'reps' },
  chart: 'hand_height',
  views: ['side', 'front', 'behind'],
  namedBy: { words: /\b(jumping jacks?|star jumps?)\b/i, precedence: 90 },
  phases: [
    {
      event: 'arms_overhead',
      label: 'Arms overhead',
      words: /\b(overhead|top|hands together|arms up)\b/i,
      about: 'hands meeting above the head',
    },
  ],
  faults: [
    {
      id: 'bent-arms',
      metric: 'overhead_elbow',
      title: 'Straight arms overhead',
      cue: 'Swing the arms long and straight until the hands meet above the head.',
      topic: 'arms',
      drills: [{ name: 'Slow jacks', how: 'Half-speed jacks with a pause overhead; 3 × 10.' }],
    },
  ],
  recognise(athlete) {
    const found = overheads(athlete);
    if (found.length < 2) return 0;
    // The feet jump apart as the arms go up: a shot or a reach overhead keeps them under the hips.
    const stances = found.flatMap((t) => {
      const ratio = momentAt(athlete, t).stanceRatio;
      return ratio === undefined ? [] : [ratio];
    });
    const wide = stances.length ? stances.filter((r) => r >= 1.3).length / stances.length : 0;
    return 0.85 * uprightShare(athlete) * ramp(found.length, 1, 2) * ramp(wide, 0.3, 0.7);
  },
  read(athlete, context) {
    const found = overheads(athlete);
    const metrics: MetricDraft[] = [];
    // Measured only where a sample shows the arms overhead, not at a top traced into a gap.
    const worst = extremeAt(
      athlete,
      found.filter((t) => overheadsSeen(athlete).some((top) => top.t === t)),
      straighterElbow,
      'smallest',
    );
    if (worst) {
      metrics.push(
        metric({
          key: 'overhead_elbow',
          name: 'Straightest elbow overhead (least extended rep)',
          value: worst.value,
          unit: '°',
          t: worst.t,
          event: 'arms_overhead',
          target: '150° or more',
          source: 'Calisthenics coaching: full arm swing, hands meeting overhead',
          status: judged(Math.round(worst.value), { min: 150 }),
          topic: 'arms',
        }),
      );
    }
    void context;
    return {
      events: found.map((t, i) => event('arms_overhead', `Arms overhead ${i + 1}`, t)),
      repetitions: found.map((t) => ({ t })),
      metrics,
      withheld: [],
      summary: `${found.length} jumping jacks were counted at the arms overhead.`,
    };
  },
};
