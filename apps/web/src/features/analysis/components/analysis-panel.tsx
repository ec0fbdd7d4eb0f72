import type { Analysis, AnalysisState, CoachingPoint } from '@filmroom/contract';
import { SparklesIcon } from 'lucide-react';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { lazyComponent } from '@/lib/lazy-component';
import { MovementReading } from './movement-reading';
import { RangeAnalysis, type RangeNote } from './range-analysis';
import { RegenerateAnalysisDialog } from './regenerate-analysis-dialog';

// The markdown renderer and the chart are the heaviest code on the detail page, and a video
// that has not been analysed needs neither.
const AnalysisReport = lazyComponent(() =>
  import('./analysis-report').then((module) => module.AnalysisReport),
);

type AnalysisPanelProps = {
  videoId: string;
  analysis: Analysis | null;
  state: AnalysisState | null;
  /** Edit access: the Regenerate Analysis dialog and the movement pickers are offered (spec §6). */
  editable: boolean;
  /** Seeks the player to a coaching point's time (or a moment picked on the chart). */
  onSeek: (seconds: number) => void;
  /** Playback time, for the chart's playhead. */
  currentTime: number;
  /** The clip's length in seconds, so the chart's time axis spans the video. */
  duration: number | null;
  /** What the page offers on a coaching point's card (Make clip, from the clips feature). */
  coachingPointAction?: (point: CoachingPoint) => ReactNode;
  /** The player's in/out marks, for choosing a range of a long video. */
  markedRange: () => { start: number; end: number } | null;
  /** Notes that span time, offered as ranges of a long video. */
  rangeNotes: RangeNote[];
};

/**
 * Spec §2 Analysis tab: 'Analysis not available yet' until there is an analysis, then the
 * athletes' movement readings (movement-reading.tsx) above its report (analysis-report.tsx).
 */
export function AnalysisPanel({
  videoId,
  analysis,
  state,
  editable,
  onSeek,
  currentTime,
  duration,
  coachingPointAction,
  markedRange,
  rangeNotes,
}: AnalysisPanelProps) {
  const regenerate = editable ? <RegenerateAnalysisDialog videoId={videoId} /> : null;
  // The whole video's report, or one range's (which is not regenerated: it is scanned again).
  const report = (shown: Analysis, regenerateAction: ReactNode) => (
    <Suspense fallback={<AnalysisReportLoading />}>
      <AnalysisReport
        analysis={shown}
        regenerate={regenerateAction}
        onSeek={onSeek}
        currentTime={currentTime}
        duration={duration}
        coachingPointAction={coachingPointAction}
      />
    </Suspense>
  );
  const empty = (
    <EmptyState
      icon={SparklesIcon}
      title="Analysis not available yet"
      description={pendingDescription(state)}
      className="py-10 sm:py-12"
    >
      {regenerate}
    </EmptyState>
  );
  // No analysis of the whole video has begun: a long one waits for the ranges a coach picks.
  if (!analysis && !state) {
    return (
      <RangeAnalysis
        videoId={videoId}
        duration={duration}
        editable={editable}
        markedRange={markedRange}
        rangeNotes={rangeNotes}
        onSeek={onSeek}
        fallback={empty}
        report={(rangeAnalysis) => report(rangeAnalysis, null)}
      />
    );
  }
  if (!analysis) return empty;
  return (
    <div className="grid gap-5">
      <MovementReading videoId={videoId} analysis={analysis} editable={editable} onSeek={onSeek} />
      {report(analysis, regenerate)}
    </div>
  );
}

/** The report's card while its code arrives: its shape, and the spec's words for loading. */
function AnalysisReportLoading() {
  return (
    <Card className="gap-4" aria-busy>
      <CardHeader className="grid gap-2">
        <p role="status" className="sr-only">
          Loading...
        </p>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-56" />
      </CardHeader>
      <CardContent className="grid gap-2.5">
        {['w-full', 'w-11/12', 'w-4/5', 'w-full', 'w-2/3'].map((width, index) => (
          <Skeleton key={index} className={`h-4 ${width}`} />
        ))}
      </CardContent>
    </Card>
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
