import type {
  AthleteReading,
  CoachingPoint,
  MetricSeries,
  MovementChoice,
} from '@filmroom/contract';
import { measureAthlete, type AthleteMetrics } from './athlete-metrics';
import { overallFeedback, technicalAnalysis } from './analysis-text';
import { bodySeries } from './body-series';
import { coachingPointsFor } from './coaching-points';
import { findJumps } from './jumps';
import { keyMetricFor } from './key-metric';
import type { PoseScan } from './pose';
import { pointMatches, readInstructions, type CoachInstructions } from './instructions';
import { findRepetitions } from './repetitions';

export type { PoseScan, PoseTrack, PoseSample, Keypoint } from './pose';
export type { AthleteMetrics } from './athlete-metrics';
export { THRESHOLDS } from './thresholds';
export { readInstructions } from './instructions';
export type { CoachInstructions } from './instructions';

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
  athletes: AthleteMetrics[];
  /** Each athlete's movement, key moments and metric records: what every text quotes. */
  readings: AthleteReading[];
};

// A track seen for less than this share of the longest one is a passer-by, not an athlete.
const MIN_PRESENCE = 0.3;
const MAX_ATHLETES = 4;

/**
 * The coach's reading of a clip, from measurements only: the same tracks always give the same
 * analysis. A language model may rephrase it later, never change its numbers.
 */
export function analysePoses(scan: PoseScan, options: AnalyseOptions = {}): CoachAnalysis {
  const instructions = readInstructions(options.instructions ?? '');
  const longest = Math.max(0, ...scan.tracks.map((track) => track.samples.length));
  const athletes = scan.tracks
    .filter((track) => track.samples.length >= Math.max(5, longest * MIN_PRESENCE))
    .sort((a, b) => b.samples.length - a.samples.length)
    .slice(0, MAX_ATHLETES);

  const measured = athletes.map((track) => {
    const moments = bodySeries(track, scan);
    // Jumps first: their loading dips and landings are not squat repetitions.
    const jumps = findJumps(moments);
    const metrics = measureAthlete(track.id, moments, findRepetitions(moments, jumps), jumps);
    return { metrics, moments, points: coachingPointsFor(metrics, moments, scan) };
  });
  // The main athlete is the one seen longest (athletes are sorted that way).
  const main = measured[0];

  const athletesMetrics = measured.map((m) => m.metrics);
  return {
    textAnalysis: technicalAnalysis(athletesMetrics, scan.duration, instructions),
    overallFeedback: overallFeedback(athletesMetrics, instructions),
    coachingPoints: measured
      .flatMap((m) => m.points)
      .filter((point) => pointMatches(point, instructions))
      .map((point) => withLevel(point, instructions))
      .sort((a, b) => a.timestamp - b.timestamp),
    keyMetric: main ? keyMetricFor(main.metrics, main.moments) : null,
    athletes: athletesMetrics,
    readings: [],
  };
}

// Beginners get one plain cue added; the measured numbers stay as they are.
function withLevel(point: CoachingPoint, instructions: CoachInstructions): CoachingPoint {
  if (instructions.level !== 'beginner') return point;
  return { ...point, description: `${point.description} Try it slowly, one rep at a time.` };
}

export { guideFor, type MovementGuide } from './movements/catalogue';
export type { Drill, Fault, Phase, Topic } from './movements/types';
