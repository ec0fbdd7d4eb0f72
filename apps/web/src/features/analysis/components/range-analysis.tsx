import type { Analysis, AnalysisRange, AnalysisRangeStatus } from '@filmroom/contract';
import { CrosshairIcon, PlusIcon, RotateCcwIcon, SquareIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDuration, formatTimeSpan as spanLabel } from '@/lib/format-time';
import {
  useAnalysisRanges,
  useChangeAnalysisRange,
  useStartAnalysisRanges,
} from '../api/analysis-ranges';
import { addChoice, isActive, rangeStatusText, type Span } from '../lib/analysis-ranges';

/** A note that spans time (it has an end), offered as a range to analyse. */
export type RangeNote = Span & { id: string; label: string };

type RangeAnalysisProps = {
  videoId: string;
  duration: number | null;
  editable: boolean;
  /** The player's in/out marks (keys I and O), read when the coach asks for them. */
  markedRange: () => Span | null;
  rangeNotes: RangeNote[];
  onSeek: (seconds: number) => void;
  /** What the tab shows when the video is short enough to be analysed whole. */
  fallback: ReactNode;
  /** Draws one range's results as the whole video's are drawn. */
  report: (analysis: Analysis) => ReactNode;
};

/**
 * A long video (a whole game) is not analysed by itself: the coach picks the parts that matter,
 * from the player's marks or from range notes, and each is analysed by its own job with its
 * own progress. Results are shown one range at a time, on the video's own timeline.
 */
export function RangeAnalysis({
  videoId,
  duration,
  editable,
  markedRange,
  rangeNotes,
  onSeek,
  fallback,
  report,
}: RangeAnalysisProps) {
  const ranges = useAnalysisRanges(videoId);
  const [shownId, setShownId] = useState<string | null>(null);

  if (ranges.isPending) {
    return (
      <Card aria-busy className="gap-3 p-6">
        <p role="status" className="sr-only">
          Loading...
        </p>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    );
  }
  if (ranges.isError) {
    return (
      <Card className="gap-3 p-6" role="alert">
        <p className="text-sm">The analysed ranges could not load: {ranges.error.message}</p>
        <Button variant="outline" size="sm" className="w-fit" onClick={() => void ranges.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  const { autoAnalysisMaxSeconds, ranges: list } = ranges.data;
  const long = duration !== null && duration > autoAnalysisMaxSeconds;
  if (!long && list.length === 0) return fallback;

  const whoChooses = editable
    ? 'choose the ranges worth a look and analyse those.'
    : 'its owner or an editor chooses the ranges to analyse.';
  const ready = list.filter((range) => range.status === 'ready');
  const shown = ready.find((range) => range.id === shownId) ?? ready.at(-1);

  return (
    <div className="grid gap-5">
      <Card className="gap-4">
        <CardHeader className="grid gap-1.5">
          <CardTitle>Analyse the part that matters</CardTitle>
          <CardDescription>
            {long
              ? `This video is ${formatDuration(duration)} long. Videos longer than ${formatDuration(autoAnalysisMaxSeconds)} are not analysed by themselves: ${whoChooses}`
              : capitalize(whoChooses)}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {editable ? (
            <RangeChooser
              videoId={videoId}
              markedRange={markedRange}
              rangeNotes={rangeNotes}
              running={list.filter(isActive)}
            />
          ) : null}
          {list.length > 0 ? (
            <RangeList
              videoId={videoId}
              ranges={list}
              editable={editable}
              shownId={shown?.id ?? null}
              onShow={setShownId}
              onSeek={onSeek}
            />
          ) : editable ? null : (
            <p className="text-sm text-muted-foreground">No ranges have been analysed yet.</p>
          )}
        </CardContent>
      </Card>
      {shown?.analysis ? (
        <section aria-labelledby="range-results-title" className="grid gap-3">
          <h3 id="range-results-title" className="text-base font-semibold">
            Results of {spanLabel(shown)}
          </h3>
          {report(shown.analysis)}
        </section>
      ) : null}
    </div>
  );
}

function RangeChooser({
  videoId,
  markedRange,
  rangeNotes,
  running,
}: {
  videoId: string;
  markedRange: () => Span | null;
  rangeNotes: RangeNote[];
  running: Span[];
}) {
  const [chosen, setChosen] = useState<Span[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartAnalysisRanges(videoId, { onSuccess: () => setChosen([]) });
  const choose = (span: Span | null) => {
    if (!span) {
      setProblem('Mark a range on the player first: press I at its start and O at its end.');
      return;
    }
    const next = addChoice(chosen, span, running);
    if (typeof next === 'string') setProblem(next);
    else {
      setChosen(next);
      setProblem(null);
    }
  };
  const notes = rangeNotes.filter(
    (note) => !chosen.some((span) => span.start === note.start && span.end === note.end),
  );

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => choose(markedRange())}>
          <CrosshairIcon aria-hidden />
          Add marked range
        </Button>
        <span className="text-xs text-muted-foreground">The range marked with I and O.</span>
      </div>
      {notes.length > 0 ? (
        <div className="grid gap-1.5">
          <h3 className="text-xs font-semibold text-muted-foreground">From range notes</h3>
          <ul className="grid gap-1.5">
            {notes.map((note) => (
              <li key={note.id} className="flex min-w-0 items-center gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2"
                  aria-label={`Add range ${spanLabel(note)}: ${note.label}`}
                  onClick={() => choose(note)}
                >
                  <PlusIcon aria-hidden />
                  <span className="tabular-nums">{spanLabel(note)}</span>
                </Button>
                <span className="truncate text-sm text-muted-foreground">{note.label}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p role="status" className="text-sm text-destructive empty:hidden">
        {problem}
      </p>
      {chosen.length > 0 ? (
        <div className="grid gap-2 rounded-md border border-dashed p-3">
          <h3 className="text-xs font-semibold text-muted-foreground">Chosen</h3>
          <ul className="flex flex-wrap gap-1.5">
            {chosen.map((span) => (
              <li key={`${span.start}-${span.end}`}>
                <Badge variant="secondary" className="h-7 gap-1 pr-1 text-sm tabular-nums">
                  {spanLabel(span)}
                  <button
                    type="button"
                    className="grid size-5 place-items-center rounded-full hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    aria-label={`Remove range ${spanLabel(span)}`}
                    onClick={() => setChosen(chosen.filter((other) => other !== span))}
                  >
                    <XIcon aria-hidden />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button
        className="w-full sm:w-fit"
        disabled={chosen.length === 0 || start.isPending}
        onClick={() => start.mutate({ ranges: chosen })}
      >
        {start.isPending ? <Spinner /> : null}
        {chosen.length > 1 ? `Analyse ${chosen.length} ranges` : 'Analyse range'}
      </Button>
    </div>
  );
}

function RangeList({
  videoId,
  ranges,
  editable,
  shownId,
  onShow,
  onSeek,
}: {
  videoId: string;
  ranges: AnalysisRange[];
  editable: boolean;
  shownId: string | null;
  onShow: (id: string) => void;
  onSeek: (seconds: number) => void;
}) {
  const change = useChangeAnalysisRange(videoId);
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">Ranges</h3>
      <ul className="grid gap-2" aria-label="Analysed ranges">
        {ranges.map((range) => {
          const label = spanLabel(range);
          const busy = change.isPending && change.variables.rangeId === range.id;
          return (
            <li
              key={range.id}
              data-testid="analysis-range"
              className="grid gap-2 rounded-md border p-3"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <Button
                  variant="link"
                  className="h-auto p-0 font-semibold tabular-nums"
                  aria-label={`Play from ${label}`}
                  onClick={() => onSeek(range.start)}
                >
                  {label}
                </Button>
                <Badge variant={badgeVariant(range)}>{STATUS_LABELS[range.status]}</Badge>
                <div className="ml-auto flex gap-1.5">
                  {range.status === 'ready' ? (
                    <Button
                      variant={shownId === range.id ? 'secondary' : 'outline'}
                      size="sm"
                      aria-pressed={shownId === range.id}
                      onClick={() => onShow(range.id)}
                    >
                      Show results
                    </Button>
                  ) : null}
                  {editable && isActive(range) ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-label={`Cancel analysis of ${label}`}
                      onClick={() => change.mutate({ rangeId: range.id, action: 'cancel' })}
                    >
                      <SquareIcon aria-hidden />
                      Cancel
                    </Button>
                  ) : null}
                  {editable && (range.status === 'failed' || range.status === 'cancelled') ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-label={`Analyse ${label} again`}
                      onClick={() => change.mutate({ rangeId: range.id, action: 'restart' })}
                    >
                      <RotateCcwIcon aria-hidden />
                      Analyse again
                    </Button>
                  ) : null}
                </div>
              </div>
              {isActive(range) ? (
                <Progress
                  value={range.status === 'queued' ? 0 : range.progress}
                  aria-label={`Analysis of ${label}`}
                />
              ) : null}
              <p
                className={
                  range.status === 'failed'
                    ? 'text-sm text-destructive'
                    : 'text-sm text-muted-foreground'
                }
              >
                {rangeStatusText(range)}
                {range.analysis ? ` · ${resultsSummary(range.analysis)}` : ''}
              </p>
            </li>
          );
        })}
      </ul>
      {/* Status changes, not every percent, are read out. */}
      <p aria-live="polite" className="sr-only">
        {ranges.map((range) => `${spanLabel(range)}: ${STATUS_LABELS[range.status]}.`).join(' ')}
      </p>
    </div>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function resultsSummary(analysis: Analysis) {
  const points = analysis.coachingPoints?.length ?? 0;
  return `${points} coaching ${points === 1 ? 'point' : 'points'}`;
}

const STATUS_LABELS: Record<AnalysisRangeStatus, string> = {
  queued: 'Waiting',
  scanning: 'Measuring',
  analysing: 'Writing up',
  ready: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function badgeVariant(range: AnalysisRange) {
  if (range.status === 'ready') return 'default' as const;
  if (range.status === 'failed') return 'destructive' as const;
  if (range.status === 'cancelled') return 'outline' as const;
  return 'secondary' as const;
}
