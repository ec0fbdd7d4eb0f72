import type {
  AthleteReading,
  CoachingPoint,
  MetricRecord,
  MetricSeries,
  MovementChoice,
} from '@filmroom/contract';
import type { PoseScan } from './pose';
import {
  pointMatches,
  readInstructions,
  topicsAllowed,
  topicsOf,
  topicPhrase,
  type CoachInstructions,
} from './movements/instructions';
import { analyseAthletes, mergeCoincident, type AthleteAnalysis } from './movements/analyse';
import { faultPoints, measuredPoints } from './movements/points';
import { chartFor } from './movements/chart';
import { pointTopics, recordShown, recordTopics } from './reading-topics';
import { overallFeedback, technicalAnalysis } from './movements/write-up';

export type { PoseScan, PoseTrack, PoseSample, Keypoint } from './pose';
export { readInstructions } from './movements/instructions';
export type { CoachInstructions } from './movements/instructions';

/** How the coach engine is asked to read a clip. */
export type AnalyseOptions = {
  /** The coach's Regenerate instructions, in plain words. */
  instructions?: string;
  /** The movement to coach; `auto` (the default) recognises it per athlete. */
  movement?: MovementChoice;
  /** Slow-motion footage plays this many times slower than life; null or absent: real time. */
  slowMotionFactor?: number | null;
  /** Players identified on evidence, by track id: their names replace "Athlete 1". */
  people?: ReadonlyMap<number | string, { name: string; playerMatchId: string | null }>;
};

export type CoachAnalysis = {
  textAnalysis: string;
  overallFeedback: string | null;
  coachingPoints: CoachingPoint[];
  /** One measure of the main athlete over time, for the chart under the analysis. */
  keyMetric: MetricSeries | null;
  /** Each athlete's movement, key moments and metric records: what every text quotes. */
  readings: AthleteReading[];
};

/**
 * The coach's reading of a clip, from measurements only: the same tracks always give the same
 * analysis. Each athlete's movement is recognised (or taken from the coach), read by its
 * catalogue module, and every number written is quoted from one metric record. A language
 * model may rephrase it later, never change its numbers.
 */
export function analysePoses(scan: PoseScan, options: AnalyseOptions = {}): CoachAnalysis {
  const instructions = readInstructions(options.instructions ?? '');
  const chosen = options.movement && options.movement !== 'auto' ? options.movement : null;
  const analyses = analyseAthletes(scan, {
    instructions,
    // Words in the instructions ("this is a golf swing") win over the picker: they are newer.
    movement:
      instructions.movement ??
      (chosen && !instructions.notMovements.includes(chosen) ? chosen : null),
    slowMotionFactor: options.slowMotionFactor ?? null,
    people: options.people ?? new Map(),
  });
  const main = analyses[0];
  const topicsOfPoint = (point: CoachingPoint) => pointTopics(analyses, point);
  const matching = (points: CoachingPoint[]) =>
    points.filter((point) =>
      pointMatches({ timestamp: point.timestamp, topics: topicsOfPoint(point) }, instructions),
    );
  let kept = analyses.flatMap((a) => mergeCoincident(matching(pointsOf(a, instructions))));
  // Nothing asked about missed its target: say what was measured of it rather than nothing,
  // and never fall back to the points of topics the coach did not ask about.
  const focusNote = kept.length === 0 ? focusUnmet(analyses, instructions) : null;
  if (kept.length === 0 && (instructions.focus.length || instructions.window)) {
    kept = analyses.flatMap((a) => mergeCoincident(matching(measuredPointsOf(a))));
  }
  const points = kept
    .map((point) => withLevel(point, instructions))
    .sort((a, b) => a.timestamp - b.timestamp);
  const chart = main ? chartFor(main) : null;
  return {
    textAnalysis: technicalAnalysis(analyses, scan.duration, instructions, {
      timingNote: timingNote(options, main?.reading.detectedSlowMotion),
      focusNote,
      points: points.map((point) => ({ timestamp: point.timestamp, topics: topicsOfPoint(point) })),
    }),
    overallFeedback: overallFeedback(analyses, instructions),
    coachingPoints: points,
    keyMetric: chart && topicsAllowed(topicsOf(undefined, chart.name), instructions) ? chart : null,
    // The stored reading holds what the write-up shows: the web's table and the AI Coach
    // quote it, so a measure the coach left out is left out everywhere.
    readings: analyses.map((a) => ({
      ...a.reading,
      metrics: a.reading.metrics.filter((record) => recordShown(a, record, instructions)),
    })),
  };
}

/**
 * The athlete's coaching points. When the coach asked about topics, each fault is its own
 * point again (the reading merges faults at one moment into one point), so "only posture"
 * keeps "Chest up" where "Sit deeper" fell at the same moment.
 */
function pointsOf(analysis: AthleteAnalysis, instructions: CoachInstructions): CoachingPoint[] {
  if (!instructions.focus.length && !instructions.exclude.length) return analysis.points;
  const faulted = new Set(analysis.records.filter((r) => r.status === 'fault').map((r) => r.id));
  const references = analysis.points.filter(
    (point) => !point.metricIds?.some((id) => faulted.has(id)),
  );
  const faults = faultPoints(
    analysis.module,
    analysis.athlete,
    analysis.records,
    analysis.movement.metrics,
    analysis.reading.events,
  ).map((point) => ({ ...point, athlete: analysis.reading.index }));
  return [...faults, ...references];
}

/** A point for every timed measure of an athlete, fault or not. */
function measuredPointsOf(analysis: AthleteAnalysis): CoachingPoint[] {
  return measuredPoints(
    analysis.module,
    analysis.athlete,
    analysis.records,
    analysis.movement.metrics.map((m) => m.topic),
    analysis.reading.index,
    analysis.reading.events,
  );
}

/**
 * "Nothing measured on the arms missed its target; what was measured of the arms: …" when a
 * focus leaves no coaching point, quoting the records on the asked topics (inside the asked
 * window); null when there is no focus.
 */
function focusUnmet(analyses: AthleteAnalysis[], instructions: CoachInstructions): string | null {
  const { focus, window } = instructions;
  if (!focus.length) return null;
  const asked = focus.map(topicPhrase).join(' and ');
  const inWindow = (record: MetricRecord) =>
    !window || record.t === null || (record.t >= window.from && record.t <= window.to);
  const measured = analyses.flatMap((analysis) =>
    analysis.records.filter(
      (record) =>
        inWindow(record) &&
        recordShown(analysis, record, instructions) &&
        recordTopics(analysis, record).some((topic) => focus.includes(topic)),
    ),
  );
  if (!measured.length) {
    return `Nothing was measured of ${asked} in this clip${window ? ' in the asked stretch' : ''}, so there is no point about it.`;
  }
  return `Nothing measured on ${asked} missed its target; what was measured of ${asked}: ${measured
    .map((record) => `${record.name} ${record.text}`)
    .join('; ')}.`;
}

function timingNote(options: AnalyseOptions, detected: number | undefined): string | null {
  if (detected)
    return `Slow motion? By the movement's own timing this looks played back about ${detected}× slower than real time: its key moments are found on that clock, but times and speeds are left out until you set the speed under Movement (1× if it is real time).`;
  const factor = options.slowMotionFactor;
  if (!factor || factor === 1) return null;
  return `Slow motion: the footage plays ${factor} times slower than life, so times and speeds below are converted to real time.`;
}

// Beginners get one plain cue added; the measured numbers stay as they are.
function withLevel(point: CoachingPoint, instructions: CoachInstructions): CoachingPoint {
  if (instructions.level !== 'beginner') return point;
  return { ...point, description: `${point.description} Try it slowly, one rep at a time.` };
}

export { guideFor, type MovementGuide } from './movements/catalogue';
export type { Drill, Fault, Phase, Topic } from './movements/types';
