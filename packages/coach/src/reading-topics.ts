import type { CoachingPoint, MetricRecord } from '@filmroom/contract';
import { isTopic, topicsAllowed, topicsOf, type CoachInstructions } from './movements/instructions';
import type { AthleteAnalysis } from './movements/analyse';
import type { Topic } from './movements/types';

/**
 * What each line of a reading is about, so the coach's "leave out the knees" or "only the arms"
 * applies to every line that talks about them: a metric record is on its movement's topic and
 * on every body part its name names; a point is on its own topic and on its records' topics.
 */

/** A record's topics: its metric's topic ("Knee angle at the bottom": depth) and body parts (legs). */
export function recordTopics(analysis: AthleteAnalysis, record: MetricRecord): Topic[] {
  const draft = analysis.movement.metrics[analysis.records.indexOf(record)];
  return topicsOf(draft?.topic, record.name);
}

/** Whether a record stays in the table, the feedback and the stored reading. */
export function recordShown(
  analysis: AthleteAnalysis,
  record: MetricRecord,
  instructions: CoachInstructions,
): boolean {
  return topicsAllowed(recordTopics(analysis, record), instructions);
}

/** A point's topics: its own, its title's body parts, and those of every record it quotes. */
export function pointTopics(analyses: AthleteAnalysis[], point: CoachingPoint): Topic[] {
  const quoted = analyses.flatMap((analysis) =>
    analysis.records
      .filter((record) => point.metricIds?.includes(record.id))
      .flatMap((record) => recordTopics(analysis, record)),
  );
  return [
    ...new Set([...topicsOf(isTopic(point.type) ? point.type : undefined, point.title), ...quoted]),
  ];
}
