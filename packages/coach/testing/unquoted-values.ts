import type { CoachAnalysis } from '../src/index';

/** Every "number unit" a text states: 94°, 3.1:1, 0.31 s, 172 steps/min, 12%, 41 cm. */
function statedValues(text: string): string[] {
  return [
    ...text.matchAll(
      /\d+(?:\.\d+)?(?:°|:1\b| s\b| steps\/min| trunk lengths| body lengths\/s| cm\b|%| % of body length)/g,
    ),
  ].map((m) => m[0]);
}

/**
 * The values an analysis's texts state that no metric record writes: each number in the
 * write-up, the overall feedback and the points must be a record's text (or its target or
 * source, or the recognition's confidence). Also every point's metric ids must exist.
 * An empty list is an analysis that keeps "one number, one source".
 */
export function unquotedValues(analysis: CoachAnalysis): string[] {
  const records = analysis.readings.flatMap((r) => r.metrics.map((m) => m.text));
  const confidence = analysis.readings.map((r) => `${Math.round(r.confidence * 100)}%`);
  const targets = analysis.readings.flatMap((r) =>
    r.metrics.flatMap((m) => [m.target ?? '', m.source ?? '']),
  );
  const ids = new Set(analysis.readings.flatMap((r) => r.metrics.map((m) => m.id)));
  const texts = [
    analysis.textAnalysis,
    analysis.overallFeedback ?? '',
    ...analysis.coachingPoints.map((p) => `${p.title}: ${p.description}`),
  ];
  const unquoted = texts.flatMap((text) =>
    statedValues(text)
      .filter(
        (value) =>
          ![...records, ...confidence].some(
            (record) => record === value || record.startsWith(`${value} `),
          ) && !targets.some((target) => target.includes(value)),
      )
      .map((value) => `${value} in: ${text.slice(0, 120)}`),
  );
  const unknownIds = analysis.coachingPoints.flatMap((p) =>
    (p.metricIds ?? []).filter((id) => !ids.has(id)).map((id) => `point "${p.title}" quotes ${id}`),
  );
  return [...unquoted, ...unknownIds];
}
