import { defined } from '../../geometry';
import { bodyTilt, share, type Athlete } from '../athlete';
import { jointAngle } from '../../geometry';
import { judged, metric } from '../records';
import {
  repetitionPoint,
  repetitionSummary,
  extremeAt,
  depthRecords,
  setEvidence,
} from '../shared';
import { cycles, event, highestBetween, ramp, straighterElbow } from '../shared';
import type { MetricDraft, MovementModule } from '../types';
import type { BodyMoment } from '../../body-series';
import { crossing } from '../timing';

const SOURCE =
  'ACSM push-up test: chest lowered until the elbows reach about 90°, body in a straight line';

function pushUpCycles(athlete: Athlete) {
  return cycles(athlete, athlete.shoulderHeight, 0.25, 0.5);
}

/** Shoulder-hip-ankle: 180 with the body in one straight line; under it the hips sag or pike. */
function bodyLine(m: BodyMoment): number | undefined {
  const ankle = m.points.left_ankle ?? m.points.right_ankle;
  return ankle ? jointAngle(m.shoulder, m.hip, ankle) : undefined;
}

// Elbows this straight or straighter are extended (full extension reads 160-180 degrees;
// keypoints seen at an angle shorten it).
const EXTENDED_ELBOW = 150;

/**
 * The tops between reps (and after the last one, when the clip shows it): where the
 * shoulders are highest between two bottoms, with the elbows extended: the middle of the
 * pause there (see plateauMiddle).
 */
function topsOf(athlete: Athlete, bottoms: number[]): number[] {
  const times = athlete.moments.map((m) => m.t);
  const h = athlete.shoulderHeight;
  const at = (t: number) => times.findIndex((x) => x >= t);
  const edges = bottoms.map(at);
  return edges.flatMap((from, n) => {
    const to = edges[n + 1] ?? times.length - 1;
    let top = from;
    for (let i = from; i <= to; i += 1) if (h[i]! > h[top]!) top = i;
    // The clip ends on the way up: the top was not seen.
    if (top === times.length - 1 || top === from) return [];
    const elbow = straighterElbow(athlete.moments[top]!);
    if (elbow !== undefined && elbow < EXTENDED_ELBOW) return [];
    return [plateauMiddle(times, h, from, to, top)];
  });
}

// Shoulders within this of their highest (trunk lengths, about 1.5 cm: the keypoints' jitter)
// are at the top: a push-up's top is a pause, flat for a moment.
const AT_TOP = 0.03;

/**
 * The middle of the pause at the top (`top` the highest sample between samples `from` and
 * `to`): between where the shoulders rose to within AT_TOP of their highest and where they
 * fell from it, each placed between samples. A sharp top (no pause) is its highest point.
 */
function plateauMiddle(times: number[], h: number[], from: number, to: number, top: number) {
  const level = h[top]! - AT_TOP;
  let first = top;
  while (first > from && h[first - 1]! >= level) first -= 1;
  let last = top;
  while (last < to && h[last + 1]! >= level) last += 1;
  if (first === last) return highestBetween(times, h, top);
  const rose =
    first > from
      ? crossing(times[first - 1]!, h[first - 1]!, times[first]!, h[first]!, level)
      : times[first]!;
  const fell =
    last < to
      ? crossing(times[last]!, h[last]!, times[last + 1]!, h[last + 1]!, level)
      : times[last]!;
  return (rose + fell) / 2;
}

const bentElbow = (m: BodyMoment) => {
  const angles = defined([m.leftElbowAngle, m.rightElbowAngle]);
  return angles.length ? Math.min(...angles) : undefined;
};

export const pushUp: MovementModule = {
  points: (athlete, _reading, records) => repetitionPoint(athlete, records, 'arms', ['best_rep']),
  id: 'push_up',
  label: 'Push-up',
  sport: 'strength',
  sportOwnsClip: false,
  repetition: { one: 'rep', many: 'reps' },
  chart: 'elbow_angle',
  views: ['side', 'front', 'behind'],
  namedBy: { words: /\b(push-?ups?|press-?ups?)\b/i, precedence: 70 },
  phases: [
    {
      event: 'bottom',
      label: 'Bottom',
      at: 'at the bottom',
      words: /\b(bottom|lowest|chest (to|near) the floor|down position)\b/i,
      about: 'the chest at its lowest',
    },
    {
      event: 'top',
      label: 'Top',
      at: 'at the top',
      words: /\b(top|lockout|arms straight|up position)\b/i,
      about: 'the shoulders at their highest between reps, the arms straight',
    },
  ],
  faults: [
    {
      id: 'half-rep',
      metric: 'elbow_bottom',
      title: 'Lower the chest further',
      cue: 'Bend the elbows to about 90° on every rep before pressing back up.',
      topic: 'depth',
      drills: [
        { name: 'Tempo negatives', how: 'Lower for 3 s to a fist-high target, press up; 3 × 5.' },
        { name: 'Incline push-ups', how: 'Hands on a bench to own the full range; 3 × 10.' },
      ],
    },
    {
      id: 'sag',
      metric: 'body_line',
      title: 'Hold a straight body line',
      cue: 'Squeeze the glutes and brace the trunk so shoulders, hips and ankles stay in line.',
      topic: 'posture',
      drills: [
        { name: 'Plank holds', how: 'Hold a straight-arm plank with glutes squeezed, 3 × 30 s.' },
        { name: 'Hollow-body holds', how: 'On the back, lower back pressed down, 3 × 20 s.' },
      ],
    },
  ],
  recognise(athlete) {
    const lying = share(athlete.moments.map(bodyTilt), (tilt) => tilt > 55);
    const reps = pushUpCycles(athlete).length;
    return lying * ramp(reps, 0, 1) * setEvidence(reps);
  },
  read(athlete, context) {
    const reps = pushUpCycles(athlete);
    const bottoms = reps.map((r) => r.bottom);
    const metrics: MetricDraft[] = [];
    if (context.view === 'side') {
      metrics.push(
        ...depthRecords(athlete, bottoms, bentElbow, {
          key: 'elbow_bottom',
          name: 'Elbow angle at the bottom',
          target: '90° or less',
          source: SOURCE,
          range: { max: 95 },
          topic: 'depth',
        }),
      );
    }
    const worst = extremeAt(athlete, bottoms, bodyLine, 'smallest');
    if (worst && context.view === 'side') {
      metrics.push(
        metric({
          key: 'body_line',
          name: 'Body line (shoulder-hip-ankle) at the bottom',
          value: worst.value,
          unit: '°',
          t: worst.t,
          event: 'bottom',
          target: '165° or straighter',
          source: SOURCE,
          status: judged(Math.round(worst.value), { min: 165 }),
          topic: 'posture',
        }),
      );
    }
    return {
      events: [
        ...reps.map((r, i) => event('bottom', `Bottom of rep ${i + 1}`, r.lowest)),
        ...topsOf(athlete, bottoms).map((t, i) => event('top', `Top after rep ${i + 1}`, t)),
      ].sort((a, b) => a.t - b.t),
      repetitions: reps.map((r) => ({ t: r.bottom })),
      metrics,
      withheld:
        context.view === 'side'
          ? ['Hand width and elbow flare: film from the front or above.']
          : ['Elbow depth and body line: film side-on to measure them.'],
      summary: repetitionSummary(reps.length, 'push-up', 'judged at its bottom'),
    };
  },
};
