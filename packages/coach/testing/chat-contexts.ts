import type {
  AthleteReading,
  CoachingPoint,
  MetricRecord,
  MovementEvent,
  MovementId,
} from '@filmroom/contract';
import { movementLabel } from '@filmroom/contract';
import type { ChatAnalysis, ChatContext } from '../src/chat/context';
import { guideFor } from '../src/movements/catalogue';

/**
 * Stored analyses as the coach engine writes them (each athlete's reading: movement, key
 * moments, metric records), made by hand so each chat test knows every number in it. Metric
 * keys are the catalogue's own (a fault's `metric`), so the chat finds each record's fault,
 * cue and drills in the movement's guide.
 */

/** The catalogue's metric key for a movement's fault on `topic`. */
export function faultMetric(movement: MovementId, topic: string): string {
  const fault = guideFor(movement).faults.find((f) => f.topic === topic);
  if (!fault) throw new Error(`the ${movement} module has no ${topic} fault`);
  return fault.metric;
}

type RecordFields = Omit<MetricRecord, 'id' | 'athlete' | 'value' | 'unit' | 'source'> &
  Partial<Pick<MetricRecord, 'source'>> & { key: string };

function record(athlete: number, fields: RecordFields): MetricRecord {
  const { key, ...rest } = fields;
  const number = Number(/-?\d+(\.\d+)?/.exec(fields.text)?.[0] ?? 0);
  return {
    id: `a${athlete}.${key}`,
    athlete,
    value: number,
    unit: fields.text.replace(/^[-\d.]+\s*/, ''),
    source: null,
    ...rest,
  };
}

function reading(
  index: number,
  name: string,
  movement: MovementId,
  events: MovementEvent[],
  metrics: RecordFields[],
  extra: Partial<AthleteReading> = {},
): AthleteReading {
  return {
    index,
    name,
    trackId: index,
    playerMatchId: null,
    movement,
    movementLabel: movementLabel(movement),
    confidence: 0.86,
    movementSource: 'detected',
    view: 'side',
    viewConfidence: 0.8,
    events,
    // What the engine counts: one repetition per time its repeated moment comes round.
    repetitions: Math.max(0, ...events.map((e) => events.filter((o) => o.name === e.name).length)),
    metrics: metrics.map((fields) => record(index, fields)),
    withheld: [],
    ...extra,
  };
}

/** The point the engine draws for a faulted record: at its moment, quoting its text. */
function faultPoint(athlete: AthleteReading, id: string, title: string): CoachingPoint {
  const measured = athlete.metrics.find((r) => r.id === id)!;
  return {
    timestamp: measured.t!,
    title,
    description: `${measured.name} ${measured.text} (target: ${measured.target}).`,
    type: 'technique',
    athlete: athlete.index,
    metricIds: [id],
  };
}

function analysis(athletes: AthleteReading[], points: CoachingPoint[] = []): ChatAnalysis {
  const faults = athletes.flatMap((a) => a.metrics.filter((r) => r.status === 'fault'));
  return {
    textAnalysis: [
      '## Technical analysis',
      ...athletes.flatMap((a) => [
        `**${a.name}**: ${a.movementLabel}.`,
        ...a.metrics.map((r) => `- ${r.name}: ${r.text}`),
      ]),
    ].join('\n'),
    overallFeedback: faults.length
      ? `Start with ${faults[0]!.name.toLowerCase()}: ${faults[0]!.text}, target ${faults[0]!.target}.`
      : 'Every measure was within its target.',
    coachingPoints: points,
    keyMetric: null,
    athletes,
  };
}

export function context(title: string, stored: ChatAnalysis | null, duration = 8): ChatContext {
  return {
    video: { title, duration },
    analysis: stored,
    playerDetections: [],
    annotations: [],
    history: [],
  };
}

/**
 * One golf swing filmed down the line: the top of the backswing at 4.1 s and impact at 4.4 s,
 * in the same second, with a posture measure at each (the top's 34°, impact's 12°). Tempo and
 * the posture lost by impact miss their targets.
 */
export function golfReading(
  index = 1,
  name = 'Alex Kim',
  values: {
    tempo: string;
    tempoStatus: MetricRecord['status'];
    lost: string;
    lostStatus: MetricRecord['status'];
  } = {
    tempo: '2.1:1',
    tempoStatus: 'fault',
    lost: '12°',
    lostStatus: 'fault',
  },
): AthleteReading {
  return reading(
    index,
    name,
    'golf_swing',
    [
      { name: 'address', label: 'Address', t: 1.2 },
      { name: 'top', label: 'Top of the backswing', t: 4.1 },
      { name: 'impact', label: 'Impact', t: 4.4 },
      { name: 'finish', label: 'Finish', t: 5.3 },
    ],
    [
      {
        key: faultMetric('golf_swing', 'tempo'),
        name: 'Backswing:downswing tempo',
        text: values.tempo,
        t: 4.4,
        event: 'impact',
        target: 'near 3:1 (2.5-3.5)',
        status: values.tempoStatus,
      },
      {
        key: 'downswing_time',
        name: 'Downswing time',
        text: '0.31 s',
        t: 4.4,
        event: 'impact',
        target: null,
        status: 'info',
      },
      {
        key: 'spine_tilt',
        name: 'Forward bend at address',
        text: '41°',
        t: 1.2,
        event: 'address',
        target: '25-45° from vertical',
        status: 'ok',
      },
      {
        key: 'top_lean',
        name: 'Trunk lean at the top',
        text: '34°',
        t: 4.1,
        event: 'top',
        target: null,
        status: 'info',
      },
      {
        key: faultMetric('golf_swing', 'posture'),
        name: 'Forward bend lost by impact',
        text: values.lost,
        t: 4.4,
        event: 'impact',
        target: 'under 10°',
        status: values.lostStatus,
      },
      {
        key: faultMetric('golf_swing', 'head'),
        name: 'Head movement address to impact',
        text: '0.18 trunk lengths',
        t: 4.4,
        event: 'impact',
        target: 'under 0.25 trunk lengths',
        status: 'ok',
      },
    ],
    { view: 'down_the_line', withheld: ['Hip turn: film face-on to see the hips open.'] },
  );
}

export function golfContext(): ChatContext {
  const golfer = golfReading();
  const points = [
    faultPoint(golfer, `a1.${faultMetric('golf_swing', 'posture')}`, 'Keep your spine angle'),
  ];
  return context('Driver, range session', analysis([golfer], points), 7);
}

/** The same swing with every judged measure within its target. */
export function goodGolfContext(): ChatContext {
  const golfer = golfReading(1, 'Alex Kim', {
    tempo: '3.0:1',
    tempoStatus: 'ok',
    lost: '4°',
    lostStatus: 'ok',
  });
  return context('Driver, good day', analysis([golfer]), 7);
}

/** A run filmed side-on: six foot strikes 0.35 s apart, a slow cadence, a bent landing knee. */
export function runningReading(index = 1, name = 'Sam Lee'): AthleteReading {
  const strikes = [0.5, 0.85, 1.2, 1.55, 1.9, 2.25];
  return reading(
    index,
    name,
    'running',
    strikes.map((t) => ({ name: 'foot_strike', label: 'Foot strike', t })),
    [
      {
        key: faultMetric('running', 'rhythm'),
        name: 'Cadence',
        text: '158 steps/min',
        t: 0.5,
        event: 'foot_strike',
        target: '170-180 steps/min',
        status: 'fault',
      },
      {
        key: faultMetric('running', 'legs'),
        name: 'Straightest landing knee at foot strike',
        text: '158°',
        t: 1.2,
        event: 'foot_strike',
        target: '165° or less (a bent knee)',
        status: 'ok',
      },
      {
        key: 'trunk_lean',
        name: 'Trunk lean (median)',
        text: '7°',
        t: null,
        event: null,
        target: 'under 15°',
        status: 'ok',
      },
    ],
  );
}

export function runningContext(): ChatContext {
  return context('Tempo run', analysis([runningReading()]), 3);
}

/** Three squats, each judged at its bottom; the shallowest (rep 1) misses depth. */
export function squatReading(): AthleteReading {
  const bottoms = [2.3, 6.4, 11.2];
  return reading(
    1,
    'Alex Kim',
    'squat',
    bottoms.map((t, i) => ({ name: 'bottom', label: `Bottom of rep ${i + 1}`, t })),
    [
      {
        key: faultMetric('squat', 'depth'),
        name: 'Knee angle at the bottom (shallowest rep)',
        text: '107°',
        t: 2.3,
        event: 'bottom',
        target: '90° or less',
        status: 'fault',
      },
      {
        key: faultMetric('squat', 'posture'),
        name: 'Trunk lean at the bottom',
        text: '38°',
        t: 11.2,
        event: 'bottom',
        target: 'under 45°',
        status: 'ok',
      },
      {
        key: 'tempo_variation',
        name: 'Rep-to-rep tempo variation',
        text: '12%',
        t: null,
        event: null,
        target: 'under 20%',
        status: 'ok',
      },
    ],
  );
}

/** The squats clip as the server passes it: analysed, with players and notes. */
export function squatsContext(): ChatContext {
  const squatter = squatReading();
  const points = [faultPoint(squatter, `a1.${faultMetric('squat', 'depth')}`, 'Sit deeper')];
  return {
    ...context('Back squats, Tuesday', analysis([squatter], points), 13),
    playerDetections: [
      { timestamp: 1, name: 'Alex Kim', jerseyNumber: '7', jerseyColor: 'red', confidence: 0.91 },
      { timestamp: 6.2, name: 'Alex Kim', jerseyNumber: '7', jerseyColor: 'red', confidence: 0.87 },
      { timestamp: 4, name: null, jerseyNumber: '12', jerseyColor: 'blue', confidence: 0.6 },
    ],
    annotations: [
      {
        timestamp: 6.5,
        content: 'Knees caving on this one',
        author: 'Coach Sam',
        sentiment: { label: 'negative', confidence: 0.72 },
      },
      {
        timestamp: 1,
        content: 'Nice setup, good brace',
        author: 'Coach Sam',
        sentiment: { label: 'positive', confidence: 0.8 },
      },
    ],
  };
}

/** Two golfers on one range: Alex Kim (tempo and posture off) and a second, unnamed golfer. */
export function twoGolfersContext(): ChatContext {
  const second = golfReading(2, 'Athlete 2 (white shirt)', {
    tempo: '3.2:1',
    tempoStatus: 'ok',
    lost: '15°',
    lostStatus: 'fault',
  });
  return context('Range, pair', analysis([golfReading(), second]), 7);
}

/** A clip whose movement is not in the catalogue: only general measures, no phases or faults. */
export function generalContext(): ChatContext {
  const mover = reading(
    1,
    'Athlete 1',
    'general',
    [],
    [
      {
        key: 'speed',
        name: 'Peak hip speed',
        text: '1.42 body lengths/s',
        t: 3.6,
        event: null,
        target: null,
        status: 'info',
      },
    ],
  );
  return context('Warm-up', analysis([mover]), 9);
}

/** A clip that has not been analysed yet: only what the server knows without the scan. */
export function unanalysedContext(): ChatContext {
  return { ...squatsContext(), analysis: null };
}

/** An analysed clip in which nobody was measured. */
export function emptyContext(): ChatContext {
  return { ...squatsContext(), analysis: analysis([]), playerDetections: [] };
}

/** An analysis stored before readings were kept: points and text, no athletes. */
export function legacyContext(): ChatContext {
  const squats = squatsContext();
  return { ...squats, analysis: { ...squats.analysis!, athletes: [] } };
}
