import type { BodyMoment } from '../../body-series';
import { defined, median } from '../../geometry';
import { smoothInTime, peaks, share, type Athlete } from '../athlete';
import { judged, metric } from '../records';
import {
  event,
  hipRange,
  ramp,
  realSeconds,
  SLOW_MOTION_SUSPECTED,
  uprightShare,
  extremeAt,
  legSpread,
} from '../shared';
import type { MetricDraft, MovementModule } from '../types';

const CADENCE_SOURCE =
  'Common running norm: about 170-180 steps/min (Heiderscheit et al. 2011 on step rate)';

// Samples at most this far apart (s) are dense enough to see each step.
const DENSE_STEP = 0.07;

// A step in life at the usual running cadence (170 steps/min, see CADENCE_SOURCE; joggers and
// sprinters run 150 to 200).
const LIFE_STEP_SECONDS = 60 / 170;

/**
 * The time between consecutive strikes, from pairs seen without a gap: a step's usual length.
 */
function stepTime(strikes: number[]): number | undefined {
  const steps = strikes
    .slice(1)
    .map((t, i) => t - strikes[i]!)
    .filter((d) => d < 1.2);
  return steps.length >= 2 ? median(steps) : undefined;
}

/**
 * Foot strikes: the moments a foot is furthest in front of the hips, once per step. Ankles
 * are read together (a side view swaps left and right easily); direction comes from the
 * side the feet reach to most.
 */
export function findStrikes(athlete: Athlete): number[] {
  const reach = athlete.moments.map((m) => {
    const ankles = [m.points.left_ankle, m.points.right_ankle].filter((a) => !!a);
    return ankles.map((a) => (a!.x - m.hip.x) / athlete.trunk);
  });
  const forward = median(reach.flat()) >= 0 ? 1 : -1;
  const front = reach.map((xs) => (xs.length ? Math.max(...xs.map((x) => x * forward)) : 0));
  const times = athlete.moments.map((m) => m.t);
  const sm = smoothInTime(front, times, 0.05);
  // The foot reaches furthest forward just after it lands; the landing itself is where, on the
  // way there, the front ankle comes down to the ground (the leg at its longest below the hips).
  const drop = athlete.moments.map((m) => {
    const ankles = [m.points.left_ankle, m.points.right_ankle].filter((a) => !!a);
    if (!ankles.length) return undefined;
    const front = ankles.reduce((a, b) => ((a!.x - b!.x) * forward > 0 ? a : b))!;
    return (front.y - m.hip.y) / athlete.trunk;
  });
  // A foot still reaching forward as the clip starts or ends has not been seen to land, and
  // steps come three a second: only stretches sampled at 15 frames a second or more show them.
  const inside = (i: number) =>
    i > 0 && i < sm.length - 1 && times[i + 1]! - times[i - 1]! <= 2 * DENSE_STEP;
  return peaks(sm, 0.25, 0.22, times)
    .filter(inside)
    .map((peak) => {
      let from = peak;
      while (from > 0 && times[peak]! - times[from - 1]! <= 0.15) from -= 1;
      const window = drop.slice(from, peak + 1);
      const ground = Math.max(...window.filter((d) => d !== undefined).map((d) => d!));
      const landed = window.findIndex((d) => d !== undefined && d >= ground - 0.02);
      return athlete.moments[landed < 0 ? peak : from + landed]!.t;
    });
}

// A keypoint within this share of the frame's width of a side edge is at the edge: the
// body is partly out of the picture.
const EDGE = 0.03;

/**
 * A runner crossing the picture: the first moment they are seen, coming in across a side
 * edge, and the last, running out across one. Only what the clip shows: a runner seen from
 * the clip's first sample or to its last, or lost in the middle of the picture, neither
 * entered nor left it. (A runner who ran on past the clip's end at the edge is said to
 * leave there: the clip's end is not known here, and they were leaving.)
 */
function crossings(athlete: Athlete): { enters?: number; leaves?: number } {
  const width = athlete.frame.width;
  const atEdge = (i: number) =>
    Object.values(athlete.moments[i]!.points).some(
      (p) => p !== undefined && (p.x <= EDGE * width || p.x >= (1 - EDGE) * width),
    );
  const last = athlete.moments.length - 1;
  if (last < 1) return {};
  return {
    // The scan samples from the clip's start: a runner first seen later came in.
    enters: athlete.moments[0]!.t > 0 && atEdge(0) ? athlete.moments[0]!.t : undefined,
    leaves: atEdge(last) ? athlete.moments[last]!.t : undefined,
  };
}

export const running: MovementModule = {
  id: 'running',
  timed: true,
  label: 'Running / sprinting',
  sport: 'athletics',
  sportOwnsClip: false,
  repetition: { one: 'stride', many: 'strides' },
  chart: 'knee_angle',
  views: ['side', 'front', 'behind'],
  namedBy: { words: /\b(running|runs?|sprint\w*|jog\w*|treadmill)\b/i, precedence: 50 },
  phases: [
    {
      event: 'foot_strike',
      label: 'Foot strike',
      words: /\b(foot ?strike|landing|contact|touch-?down|land)\b/i,
      about: 'a foot meeting the ground',
    },
    {
      event: 'enters_frame',
      label: 'Entering the picture',
      at: 'as they come into the picture',
      words: /\b(enter\w*|come[s]? in|comes? into (the )?(picture|frame|shot))\b/i,
      about: 'the runner first seen, coming in across the edge of the picture',
    },
    {
      event: 'leaves_frame',
      label: 'Leaving the picture',
      at: 'as they leave the picture',
      words: /\b(leav\w*|exit\w*|runs? out of (the )?(picture|frame|shot))\b/i,
      about: 'the runner last seen, running out across the edge of the picture',
    },
  ],
  faults: [
    {
      id: 'low-cadence',
      metric: 'cadence',
      title: 'Quicken the steps',
      cue: 'Take shorter, quicker steps so each foot lands closer under the hips.',
      topic: 'rhythm',
      drills: [
        {
          name: 'Metronome runs',
          how: 'Run 3 × 3 min to a metronome 5 % above your current step rate.',
        },
        { name: 'Quick-feet drills', how: 'Fast, low skips over 20 m; 4 rounds.' },
      ],
    },
    {
      id: 'overstride',
      metric: 'strike_knee',
      title: 'Land with a bent knee',
      cue: 'Let the foot land under a bent knee, not out in front on a straight leg.',
      topic: 'legs',
      drills: [
        {
          name: 'A-skips',
          how: 'Skip driving the knee up and striking down under the hips; 4 × 20 m.',
        },
      ],
    },
  ],
  recognise(athlete) {
    const strikes = findStrikes(athlete);
    const seconds = (athlete.moments.at(-1)?.t ?? 0) - (athlete.moments[0]?.t ?? 0);
    const step = stepTime(strikes);
    if (strikes.length < 4 || seconds <= 0 || step === undefined) return 0;
    const rate = 60 / step;
    const knees = defined(athlete.moments.map((m) => m.leftKneeAngle ?? m.rightKneeAngle));
    const bends = share(knees, (k) => k < 110);
    const overhead = share(athlete.handHeight, (h) => h > 0.3);
    // Each strike has one foot ahead and one behind (or one lifted): legs that move together
    // (a lift, a squat, a jack) make no strides, however their feet reach.
    const striding = ramp(legSpread(athlete, strikes), 0.2, 0.45);
    // A runner carries the arms bent near a right angle; a walker's hang long.
    const elbows = defined(
      athlete.moments.map((m) =>
        m.leftElbowAngle === undefined && m.rightElbowAngle === undefined
          ? undefined
          : Math.min(m.leftElbowAngle ?? 180, m.rightElbowAngle ?? 180),
      ),
    );
    const armsBent = ramp(median(elbows.length ? elbows : [180]), 130, 110);
    return (
      armsBent *
      striding *
      uprightShare(athlete) *
      ramp(rate, 90, 130) *
      ramp(rate, 260, 220) *
      ramp(bends, 0.03, 0.12) *
      (1 - ramp(overhead, 0.05, 0.2)) *
      ramp(hipRange(athlete), 1.5, 0.8)
    );
  },
  slowness(athlete) {
    const step = stepTime(findStrikes(athlete));
    return step && step / LIFE_STEP_SECONDS;
  },
  read(athlete, context) {
    const strikes = findStrikes(athlete);
    const metrics: MetricDraft[] = [];
    // No runner takes over about 0.6 s a step in real time: longer is slowed footage.
    const clipStep = stepTime(strikes);
    const step = clipStep === undefined ? undefined : realSeconds(context, clipStep, 0.6);
    const slowed = clipStep !== undefined && step === undefined;
    if (step !== undefined) {
      const perMinute = 60 / step;
      metrics.push(
        metric({
          key: 'cadence',
          name: 'Cadence',
          value: perMinute,
          unit: 'steps/min',
          target: '170-180 steps/min',
          source: CADENCE_SOURCE,
          status: judged(Math.round(perMinute), { min: 165 }),
          t: strikes[0]!,
          event: 'foot_strike',
          topic: 'rhythm',
        }),
      );
    }
    if (context.view === 'side') {
      const straighterKnee = (m: BodyMoment) => {
        const angles = defined([m.leftKneeAngle, m.rightKneeAngle]);
        return angles.length ? Math.max(...angles) : undefined;
      };
      const straightest = extremeAt(athlete, strikes, straighterKnee, 'largest');
      if (straightest) {
        metrics.push(
          metric({
            key: 'strike_knee',
            name: 'Straightest landing knee at foot strike',
            value: straightest.value,
            unit: '°',
            t: straightest.t,
            event: 'foot_strike',
            target: '165° or less (a bent knee)',
            source:
              'Running gait coaching: a foot landing under a flexed knee, not a straight leg reaching ahead',
            status: judged(Math.round(straightest.value), { max: 165 }),
            topic: 'legs',
          }),
        );
      }
      const lean = median(athlete.moments.map((m) => m.trunkLean));
      metrics.push(
        metric({
          key: 'trunk_lean',
          name: 'Trunk lean (median)',
          value: lean,
          unit: '°',
          target: 'under 15°',
          source: 'Running coaching: tall posture with a slight forward lean from the ankles',
          status: judged(Math.round(lean), { max: 15 }),
          topic: 'posture',
        }),
      );
    }
    return {
      events: (() => {
        const { enters, leaves } = crossings(athlete);
        return [
          ...(enters === undefined
            ? []
            : [event('enters_frame', 'Comes into the picture', enters)]),
          ...strikes.map((t, i) => event('foot_strike', `Foot strike ${i + 1}`, t)),
          ...(leaves === undefined
            ? []
            : [event('leaves_frame', 'Runs out of the picture', leaves)]),
        ];
      })(),
      repetitions: strikes.map((t) => ({ t })),
      metrics,
      withheld: [
        'Running speed and stride length in metres: the camera gives no scale (and a treadmill moves the ground).',
        ...(slowed ? [SLOW_MOTION_SUSPECTED] : []),
        ...(context.view === 'side'
          ? []
          : ['Knee angle at foot strike and trunk lean: film side-on to measure them.']),
      ],
      summary: `${strikes.length} foot strikes were counted.`,
    };
  },
};
