import type { Analysis, AnalysisState } from '@filmroom/contract';
import { SparklesIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPointTimestamp } from '@/lib/format-time';

/**
 * Spec §2 Analysis tab: the Technical Analysis card (a 600 px scroll area), Overall Feedback
 * when there is some, and the Coaching Points when there is at least one.
 * The analysis text is shown as written for now; markdown rendering (with the spec's safe-link
 * rule) comes with the analysis itself.
 */
export function AnalysisPanel({
  analysis,
  state,
}: {
  analysis: Analysis | null;
  state: AnalysisState | null;
}) {
  if (!analysis) {
    return (
      <EmptyState
        icon={SparklesIcon}
        title="Analysis not available yet"
        description={pendingDescription(state)}
        className="py-10 sm:py-12"
      />
    );
  }
  const points = analysis.coachingPoints ?? [];
  return (
    <div className="grid gap-4">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Technical Analysis</CardTitle>
          <CardDescription>AI-powered coaching feedback</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="max-h-[600px] overflow-y-auto text-sm leading-relaxed whitespace-pre-wrap">
            {analysis.textAnalysis}
          </div>
        </CardContent>
      </Card>
      {analysis.overallFeedback ? (
        <section className="grid gap-2">
          <h3 className="font-semibold">Overall Feedback</h3>
          <p className="text-sm text-muted-foreground">{analysis.overallFeedback}</p>
        </section>
      ) : null}
      {points.length > 0 ? (
        <section className="grid gap-2">
          <h3 className="font-semibold">Coaching Points</h3>
          <ul className="grid gap-2">
            {points.map((point) => (
              <li
                key={`${point.timestamp}-${point.title}`}
                className="rounded-lg border bg-card p-3"
              >
                <div className="flex items-baseline justify-between gap-3">
                  <p className="font-medium">{point.title}</p>
                  <span className="font-mono text-xs text-muted-foreground">
                    {formatPointTimestamp(point.timestamp)}
                  </span>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{point.description}</p>
                <p className="mt-1 text-xs text-muted-foreground">Type: {point.type}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** What the empty Analysis tab says while the video is measured (live from `analysis` events). */
function pendingDescription(state: AnalysisState | null): string {
  if (state?.status === 'failed') return state.failureReason ?? 'The video could not be analysed.';
  if (state?.status === 'scanning') {
    return `Measuring the athletes in the video: ${state.progress}% done.`;
  }
  if (state?.status === 'analysing') return 'Writing up the coaching points from the measurements.';
  return 'The technical analysis, overall feedback and coaching points will appear here once the video has been analysed.';
}
