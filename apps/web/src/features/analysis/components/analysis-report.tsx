import type { Analysis, CoachingPoint } from '@filmroom/contract';
import { PlayIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Markdown } from '@/components/markdown/markdown';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPointTimestamp } from '@/lib/format-time';
import { MetricChart } from './metric-chart';

type AnalysisReportProps = {
  analysis: Analysis;
  /** The Regenerate Analysis dialog, for those with edit access (spec §6). */
  regenerate: ReactNode;
  onSeek: (seconds: number) => void;
  currentTime: number;
  duration: number | null;
  /** Shown at the foot of each coaching point's card (Make clip). */
  coachingPointAction?: (point: CoachingPoint) => ReactNode;
};

/**
 * Spec §2 Analysis tab once there is an analysis: the Technical Analysis card (markdown in a
 * 600 px scroll area, and the key metric's chart), Overall Feedback when there is some, and the
 * Coaching Points when there is at least one. A chunk of its own with the markdown renderer
 * and the chart, loaded only for a video that has been analysed (see analysis-panel.tsx).
 */
export function AnalysisReport({
  analysis,
  regenerate,
  onSeek,
  currentTime,
  duration,
  coachingPointAction,
}: AnalysisReportProps) {
  const points = analysis.coachingPoints ?? [];
  // Two samples make a line; fewer is no chart.
  const metric =
    analysis.keyMetric && analysis.keyMetric.samples.length >= 2 ? analysis.keyMetric : null;
  return (
    <div className="grid gap-5">
      <Card className="gap-4">
        <CardHeader className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
          <div className="grid gap-1.5">
            <CardTitle>Technical Analysis</CardTitle>
            <CardDescription>AI-powered coaching feedback</CardDescription>
          </div>
          {regenerate}
        </CardHeader>
        <CardContent>
          <div
            role="region"
            aria-label="Technical analysis text"
            // Scrollable by keyboard too.
            tabIndex={0}
            className="max-h-[600px] overflow-y-auto rounded-md pr-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <div className="pb-6">
              <Markdown>{analysis.textAnalysis}</Markdown>
            </div>
            {/* Fades the cut-off text so more below reads as "scroll"; at the end it only
                covers the padding above. */}
            <div
              aria-hidden
              className="pointer-events-none sticky bottom-0 -mt-6 h-6 bg-linear-to-t from-card to-transparent"
            />
          </div>
          {metric ? (
            <div className="mt-4 border-t pt-4">
              <MetricChart
                series={metric}
                duration={duration}
                currentTime={currentTime}
                coachingPoints={points}
                onSeek={onSeek}
              />
            </div>
          ) : null}
        </CardContent>
      </Card>
      {analysis.overallFeedback ? (
        <section aria-labelledby="overall-feedback-title" className="grid gap-2">
          <h3 id="overall-feedback-title" className="font-semibold">
            Overall Feedback
          </h3>
          <p className="rounded-lg border-l-4 border-primary bg-secondary/60 px-3 py-2.5 text-sm leading-relaxed">
            {analysis.overallFeedback}
          </p>
        </section>
      ) : null}
      {points.length > 0 ? (
        <section aria-labelledby="coaching-points-title" className="grid gap-2">
          <h3 id="coaching-points-title" className="font-semibold">
            Coaching Points
          </h3>
          <ul className="grid gap-2">
            {points.map((point) => (
              <li key={`${point.timestamp}-${point.title}`} className="relative">
                <CoachingPointButton point={point} onSeek={onSeek} />
                {coachingPointAction ? (
                  <div className="absolute right-2 bottom-2 flex gap-1.5">
                    {coachingPointAction(point)}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** A coaching point; pressing it (click, Enter or Space) jumps the player to its moment. */
function CoachingPointButton({
  point,
  onSeek,
}: {
  point: CoachingPoint;
  onSeek: (seconds: number) => void;
}) {
  const time = formatPointTimestamp(point.timestamp);
  return (
    <button
      type="button"
      onClick={() => onSeek(point.timestamp)}
      title={`Jump to ${time}`}
      className="group grid w-full gap-1 rounded-lg border bg-card p-3 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="flex items-baseline justify-between gap-3">
        <span className="font-medium">{point.title}</span>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-secondary px-2 py-0.5 font-mono text-xs text-secondary-foreground tabular-nums group-hover:bg-primary group-hover:text-primary-foreground">
          <PlayIcon className="size-3" aria-hidden />
          {time}
        </span>
      </span>
      <span className="text-sm text-muted-foreground">{point.description}</span>
      <span className="text-xs text-muted-foreground">Type: {point.type}</span>
    </button>
  );
}
