import { defined } from '../../geometry';
import { handHeights, momentAt, quantile, share, type Athlete } from '../athlete';
import { momentPoint } from '../points';
import { judged, metric } from '../records';
import {
  event,
  hipTravel,
  ramp,
  realSeconds,
  SLOW_MOTION_SUSPECTED,
  uprightShare,
} from '../shared';
import type { MetricDraft, MovementModule } from '../types';
import { golfView } from './view';
import { sparseImpactTime } from './impact';
import { looksLikeAddress } from './set-up';
import { swingMoments, type SwingAnchors, type SwingMoments } from './moments';
import { distance } from '../../geometry';

const TEMPO_SOURCE =
  'Novosel and Garrity, Tour Tempo: tour players take three times as long to swing the club back as down, a pause at the top not counted';

type Swing = {
  address: number;
  /** The hands start back. */
  takeaway: number;
  /** The hands arrive at the top, and leave it (the same moment unless the golfer pauses). */
  topArrival: number;
  top: number;
  topDeparture: number;
  impact: number;
  finish: number | null;
  /** The hands' height at address (trunk lengths above the shoulders). */
  anchors: SwingAnchors;
};

// A downswing brings the hands from the top back down past the shoulders to the ball in well
// under a second (trunk lengths, real seconds).
const DOWNSWING_DROP = 0.8;
const DOWNSWING_SECONDS = 1;

/**
 * The hands' highest sample that a downswing follows: a finish may hold the hands higher than
 * the top, but nothing swings down from it. The highest sample overall where none does.
 */
function swingTopIndex(h: number[], t: number[]): number {
  let best: number | undefined;
  for (let i = 0; i < h.length; i += 1) {
    if (best !== undefined && h[i]! <= h[best]!) continue;
    let lowest = h[i]!;
    for (let j = i + 1; j < h.length && t[j]! - t[i]! <= DOWNSWING_SECONDS; j += 1) {
      lowest = Math.min(lowest, h[j]!);
    }
    if (h[i]! - lowest >= DOWNSWING_DROP) best = i;
  }
  return best ?? h.reduce((highest, v, i) => (v > h[highest]! ? i : highest), 0);
}

/**
 * The swing's key moments from the hands: address (hands low and still before they move back),
 * top (the middle of the hands' highest stretch before the downswing), impact (the hands back
 * at their lowest after the top), finish (the hands high again and settled).
 */
function findSwing(athlete: Athlete): Swing | undefined {
  const h = handHeights(athlete, 0.07);
  const t = athlete.moments.map((m) => m.t);
  const topIndex = swingTopIndex(h, t);
  const peak = h[topIndex]!;
  const low = quantile(h.slice(0, topIndex + 1), 0.1);
  if (low === undefined || peak - low < 0.8) return undefined;
  // The top: the stretch around the highest point where the hands stay near it.
  let from = topIndex;
  while (from > 0 && h[from - 1]! >= peak - 0.2) from -= 1;
  let to = topIndex;
  while (to < h.length - 1 && h[to + 1]! >= peak - 0.2) to += 1;
  // Impact: the first low point of the hands after the top, back near address height.
  let impact: number | undefined;
  for (let i = to + 1; i < h.length; i += 1) {
    if (h[i]! <= low + 0.35 && (i === h.length - 1 || h[i + 1]! >= h[i]!)) {
      impact = i;
      break;
    }
  }
  if (impact === undefined || t[impact]! - t[to]! > 1) return undefined;
  // Address: the hands low and still before the takeaway, the middle of the last second of it.
  let takeaway = from;
  while (takeaway > 0 && h[takeaway - 1]! > low + 0.15) takeaway -= 1;
  // For tempo the hands arrive at the top when they are nearly as high as they get.
  let arrival = from;
  while (arrival < topIndex && h[arrival]! < peak - 0.1) arrival += 1;
  const stillFrom = Math.max(t[0]!, t[takeaway]! - 1);
  const address = (stillFrom + t[takeaway]!) / 2;
  // Finish: after impact, the first 0.2 s in which the raised hands hardly move (a slow finish
  // may be sampled sparsely: then two samples in a row that hardly differ).
  let finish: number | null = null;
  for (let i = impact + 1; i < h.length; i += 1) {
    if (h[i]! < low + 0.8) continue;
    const span = Math.max(0.2, (t[i + 1] ?? t[i]!) - t[i]!);
    const window = athlete.moments
      .map((m, j) => j)
      .filter((j) => t[j]! >= t[i]! && t[j]! <= t[i]! + span + 1e-6);
    const values = window.map((j) => h[j]!);
    if (window.length >= 2 && Math.max(...values) - Math.min(...values) < 0.2) {
      finish = (t[window[0]!]! + t[window.at(-1)!]!) / 2;
      break;
    }
  }
  return {
    address,
    takeaway: t[takeaway]!,
    topArrival: t[arrival]!,
    top: (t[from]! + t[to]!) / 2,
    topDeparture: t[to]!,
    impact: t[impact]!,
    finish,
    anchors: { low },
  };
}

// The middle of the top to impact in life: under this for any golfer (s)...
const TOP_TO_IMPACT = { realTime: 0.75, slowed: 1.3 };

// Tour Tempo's 3:1 by the club reads about 2 to 3.5:1 at the hands (see the tempo metric).
const TEMPO_RANGE = { min: 2, max: 3.5 };
const TEMPO_UNCLEAR =
  "Tempo verdict: the hands' takeaway or top is not clear enough in this clip to say whether the tempo is right (the club may still be going back while the hands wait at the top), so the ratio is shown without one.";

/**
 * Backswing:downswing as Tour Tempo counts it: takeaway to the top, the top to impact, a pause
 * at the top belonging to neither. Judged only when every reading the samples allow agrees:
 * the takeaway as early as the last sample at address, the top anywhere from the hands'
 * arrival to their start down (where the club turns is not seen), the downswing from the last
 * sample at the top. Otherwise the ratio is shown without a verdict.
 */
function tempoOf(swing: SwingMoments): { ratio: number; status: 'ok' | 'fault' | 'info' } {
  const ratio = (swing.topArrival - swing.takeaway) / (swing.impact - swing.downswingStart);
  const least = (swing.topArrival - swing.takeaway) / (swing.impact - swing.downswingEarliest);
  const most =
    (swing.downswingStart - swing.takeawayEarliest) / (swing.impact - swing.downswingStart);
  const { min, max } = TEMPO_RANGE;
  const status = least > max || most < min ? 'fault' : least >= min && most <= max ? 'ok' : 'info';
  return { ratio, status };
}

export const golfSwing: MovementModule = {
  id: 'golf_swing',
  timed: true,
  label: 'Golf swing',
  sport: 'golf',
  sportOwnsClip: true,
  repetition: { one: 'swing', many: 'swings' },
  chart: 'hand_height',
  views: ['down_the_line', 'face_on'],
  viewFrom: golfView,
  namedBy: {
    words: /\b(golf|golf swing|driver|iron|tee shot|backswing|downswing|fairway wood)\b/i,
    precedence: 10,
  },
  phases: [
    {
      event: 'address',
      label: 'Address',
      words: /\b(address|set-?up|setup|stance|before the swing)\b/i,
      about: 'the set-up over the ball',
    },
    {
      event: 'top',
      label: 'Top of the backswing',
      at: 'at the top of the backswing',
      words: /\b(top|backswing|transition)\b/i,
      about:
        'the end of the backswing: the hands at their highest, or where they arrive for a pause',
    },
    {
      event: 'downswing_start',
      label: 'Start of the downswing',
      at: 'at the start of the downswing',
      words: /\b(downswing|start(s|ing)? down)\b/i,
      about: 'the hands leaving the top on their way down to the ball',
    },
    {
      event: 'impact',
      label: 'Impact',
      words: /\b(impact|contact|hit|strike|ball)\b/i,
      about: 'the club meeting the ball',
    },
    {
      event: 'finish',
      label: 'Finish',
      at: 'at the finish',
      words: /\b(finish|end of the swing)\b/i,
      about: 'the balanced end of the swing, held',
    },
    {
      event: 'follow_through',
      label: 'Follow-through',
      at: 'in the follow-through',
      words: /\bfollow-?through\b/i,
      about: 'the hands swinging up after impact; shown where the clip ends before a held finish',
    },
  ],
  faults: [
    {
      id: 'quick-tempo',
      metric: 'tempo',
      title: 'Smooth the tempo',
      cue: 'Let the backswing take about three counts to the downswing\'s one: "one-two-three, hit".',
      topic: 'tempo',
      drills: [
        {
          name: 'Counted swings',
          how: 'Say "one-two-three" to the top and "four" at impact; 10 half-speed swings.',
        },
        {
          name: 'Pause at the top',
          how: 'Hold the top for one beat before starting down; 10 swings.',
        },
      ],
    },
    {
      id: 'early-extension',
      metric: 'posture_change',
      title: 'Keep your spine angle until impact',
      cue: 'Stay bent forward as at address until the ball is gone; the hips should not thrust towards it.',
      topic: 'posture',
      drills: [
        {
          name: 'Chair drill',
          how: 'Set up with the backside touching a chair and keep it there through impact; 10 swings.',
        },
        {
          name: 'Wall-butt drill',
          how: 'Swing slowly with the backside against a wall; 10 swings.',
        },
      ],
    },
    {
      id: 'head-move',
      metric: 'head_move',
      title: 'Keep the head steady',
      cue: 'Keep the head over the ball from address to impact; let the club swing around it.',
      topic: 'head',
      drills: [
        {
          name: 'Shadow drill',
          how: "Swing with the sun behind you and keep your head's shadow on a tee; 10 swings.",
        },
      ],
    },
  ],
  recognise(athlete) {
    const swing = findSwing(athlete);
    if (!swing) return 0;
    const together = share(athlete.wristGap, (gap) => gap < 0.45);
    const lean =
      quantile(
        athlete.moments.map((m) => m.trunkLean),
        0.5,
      ) ?? 0;
    const start = quantile(
      athlete.handHeight.slice(0, Math.max(1, athlete.handHeight.length / 3)),
      0.2,
    );
    return (
      ramp(together, 0.3, 0.7) *
      // The hands hang low at address and never end high above the head (a shot or a serve does).
      ramp(-(start ?? 0), 0.5, 0.7) *
      ramp(quantile(athlete.handHeight, 0.98), 1.1, 0.8) *
      ramp(swing.top - swing.address, 0.2, 0.5) *
      // From the middle of the top to impact: a club golfer's transition (a pause at the top
      // included) and downswing take under 0.75 s in life; a swing shown over 1.3 s is slowed.
      ramp(swing.impact - swing.top, TOP_TO_IMPACT.slowed, TOP_TO_IMPACT.realTime) *
      ramp(hipTravel(athlete), 2, 0.8) *
      uprightShare(athlete) *
      (0.6 + 0.4 * ramp(lean, 3, 10))
    );
  },
  read(athlete, context) {
    const found = findSwing(athlete);
    // Recognition's swing; where it was sampled sparsely, impact at the bottom of the hands' arc.
    const swing =
      found &&
      swingMoments(
        athlete,
        found.anchors,
        sparseImpactTime(athlete, found.topDeparture) ?? found.impact,
      );
    const metrics: MetricDraft[] = [];
    const withheld = [
      'Hip and shoulder turn in degrees: a 2D camera sees rotation only as foreshortening; an overhead or 3D capture measures it.',
      'Club path, face angle and ball flight: FilmRoom follows the body, not the club or the ball; a launch monitor measures them.',
    ];
    if (!swing) {
      return {
        events: [],
        repetitions: [],
        metrics,
        withheld,
        summary: "No complete swing was found in the hands' path.",
      };
    }
    // A swing's path alone fits other movements' arm swings: a golf swing starts from a set-up.
    if (!looksLikeAddress(athlete, 2 * swing.address - swing.takeaway, swing.takeaway)) {
      return {
        events: [],
        repetitions: [],
        metrics,
        withheld,
        summary:
          'No golf swing was found: before the hands swung up there was no set-up over a ball (arms hanging straight, hands joined low below the shoulders).',
      };
    }
    const tempo = tempoOf(swing);
    metrics.push(
      metric({
        key: 'tempo',
        name: 'Backswing:downswing tempo (hands)',
        value: tempo.ratio,
        unit: ':1',
        decimals: 1,
        t: swing.impact,
        event: 'impact',
        // The club head starts back before the hands move and sets after they stop, so the
        // hands' backswing reads shorter than the club's 3:1.
        target: `${TEMPO_RANGE.min}-${TEMPO_RANGE.max}:1 at the hands (3:1 by the club)`,
        source: TEMPO_SOURCE,
        status: tempo.status,
        topic: 'tempo',
      }),
    );
    if (tempo.status === 'info') withheld.push(TEMPO_UNCLEAR);
    const down = swing.impact - swing.downswingStart;
    // Real downswings take about a quarter to half a second; far longer is slowed footage.
    const downswing = realSeconds(context, down, 0.7);
    if (downswing === undefined) withheld.push(SLOW_MOTION_SUSPECTED);
    else {
      metrics.push(
        metric({
          key: 'downswing_time',
          name: 'Downswing time',
          value: downswing,
          unit: 's',
          t: swing.impact,
          event: 'impact',
          topic: 'speed',
        }),
      );
    }
    const address = momentAt(athlete, swing.address);
    const impact = momentAt(athlete, swing.impact);
    if (context.view === 'down_the_line' || context.view === 'side') {
      metrics.push(
        metric({
          key: 'spine_tilt',
          name: 'Forward bend at address',
          value: address.trunkLean,
          unit: '°',
          t: address.t,
          event: 'address',
          target: '25-45° from vertical',
          source: 'Common fitting norm: bend from the hips about 30-45° with irons',
          status: judged(Math.round(address.trunkLean), { min: 20, max: 50 }),
          topic: 'posture',
        }),
        metric({
          key: 'posture_change',
          name: 'Forward bend lost by impact',
          value: Math.max(0, address.trunkLean - impact.trunkLean),
          unit: '°',
          t: impact.t,
          event: 'impact',
          target: 'under 10°',
          source: 'Keeping the address spine angle to impact avoids early extension',
          status: judged(Math.round(Math.max(0, address.trunkLean - impact.trunkLean)), {
            max: 10,
          }),
          topic: 'posture',
        }),
      );
    } else {
      withheld.push(
        'Forward bend and its loss by impact: film down the line to measure the spine angle.',
      );
    }
    const knee = defined([address.leftKneeAngle, address.rightKneeAngle]);
    if (knee.length) {
      const value = knee.reduce((a, b) => a + b, 0) / knee.length;
      metrics.push(
        metric({
          key: 'knee_flex',
          name: 'Knee angle at address',
          value,
          unit: '°',
          t: address.t,
          event: 'address',
          target: '145-170° (a soft flex)',
          source: 'Common coaching norm: about 15-30° of knee flex at address',
          status: judged(Math.round(value), { min: 145, max: 170 }),
          topic: 'legs',
        }),
      );
    }
    const noseA = address.points.nose;
    const noseI = impact.points.nose;
    if (noseA && noseI) {
      const move = distance(noseA, noseI) / athlete.trunk;
      metrics.push(
        metric({
          key: 'head_move',
          name: 'Head movement address to impact',
          value: move,
          unit: 'trunk lengths',
          t: impact.t,
          event: 'impact',
          target: 'under 0.25 trunk lengths',
          source: 'A steady head keeps the low point of the swing in one place',
          status: judged(Number(move.toFixed(2)), { max: 0.25 }),
          topic: 'head',
        }),
      );
    }
    const events = [
      event('address', 'Address', swing.address),
      event('top', 'Top of the backswing', swing.top),
      event('downswing_start', 'Start of the downswing', swing.downswingStart),
      event('impact', 'Impact', swing.impact),
      ...(swing.finish !== null ? [event('finish', 'Finish', swing.finish)] : []),
      ...(swing.followThrough !== null
        ? [event('follow_through', 'Follow-through', swing.followThrough)]
        : []),
    ];
    return {
      events,
      repetitions: [{ t: swing.impact }],
      metrics,
      withheld,
      summary: 'One swing was found, from address through the top and impact to the finish.',
    };
  },
  points(athlete, reading, records) {
    const impact = reading.events.find((e) => e.name === 'impact');
    return impact
      ? [
          momentPoint(
            athlete,
            golfSwing,
            impact,
            records,
            'posture',
            'Return the hands to where they were at address.',
          ),
        ]
      : [];
  },
};
