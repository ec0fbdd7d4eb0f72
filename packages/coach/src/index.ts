import type {
  AthleteReading,
  CoachingPoint,
  MetricSeries,
  MovementChoice,
} from '@filmroom/contract';
import type { PoseScan } from './pose';
import { pointMatches, readInstructions, type CoachInstructions } from './instructions';
import { analyseAthletes, mergeCoincident } from './movements/analyse';
import { measuredPoints } from './movements/points';
import { chartFor } from './movements/chart';
import type { Topic } from './movements/types';
import { overallFeedback, technicalAnalysis } from './movements/write-up';

export type { PoseScan, PoseTrack, PoseSample, Keypoint } from './pose';
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
    movement: instructions.movement ?? chosen,
    slowMotionFactor: options.slowMotionFactor ?? null,
    people: options.people ?? new Map(),
  });
  const main = analyses[0];
  const byFocus = analyses
    .flatMap((a) => a.points)
    .map((point) => ({ point, topic: point.type as Topic }));
  let kept = byFocus.filter(({ point, topic }) =>
    pointMatches({ timestamp: point.timestamp, topic }, instructions),
  );
  // A focus that matches nothing would hide every point: keep them, minus the excluded ones.
  if (kept.length === 0 && instructions.focus.length) {
    kept = byFocus.filter(({ point, topic }) =>
      pointMatches({ timestamp: point.timestamp, topic }, { ...instructions, focus: [] }),
    );
  }
  // Asked about a stretch where nothing missed its target: say what was measured there.
  if (kept.length === 0 && instructions.window) {
    const measured = analyses
      .flatMap((a) =>
        measuredPoints(
          a.module,
          a.athlete,
          a.records,
          a.movement.metrics.map((m) => m.topic),
          a.reading.index,
          a.reading.events,
        ),
      )
      .map((point) => ({ point, topic: point.type as Topic }));
    const inWindow = (focus: Topic[]) =>
      measured.filter(({ point, topic }) =>
        pointMatches({ timestamp: point.timestamp, topic }, { ...instructions, focus }),
      );
    const focused = inWindow(instructions.focus);
    const chosen = focused.length ? focused : inWindow([]);
    kept = mergeCoincident(chosen.map(({ point }) => point)).map((point) => ({
      point,
      topic: point.type as Topic,
    }));
  }
  return {
    textAnalysis: technicalAnalysis(
      analyses,
      scan.duration,
      instructions,
      timingNote(options, main?.reading.detectedSlowMotion),
    ),
    overallFeedback: overallFeedback(analyses, instructions),
    coachingPoints: kept
      .map(({ point }) => withLevel(point, instructions))
      .sort((a, b) => a.timestamp - b.timestamp),
    keyMetric: main ? chartFor(main) : null,
    readings: analyses.map((a) => a.reading),
  };
}

function timingNote(options: AnalyseOptions, detected: number | undefined): string | null {
  if (detected)
    return `Slow motion: the movement's own timing shows the footage played back about ${detected}× slower than real time, so times and speeds below are converted to real time. If that is wrong, set the factor under Movement.`;
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
