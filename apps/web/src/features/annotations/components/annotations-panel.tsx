import type { Annotation } from '@filmroom/contract';
import {
  CheckCheckIcon,
  CheckCircle2Icon,
  CircleDotIcon,
  MessageSquareTextIcon,
  MessagesSquareIcon,
  MicIcon,
  PenLineIcon,
  Repeat2Icon,
  SkipForwardIcon,
} from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/layout/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/hooks/use-now';
import { formatClockTime } from '@/lib/format-time';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { annotationSummary } from '../lib/annotation-label';
import { sortedByTime } from '../lib/annotations-near';
import { filterNotes, formatNoteTime, noteFilterCounts } from '../lib/note-review';
import type { NoteFilter } from '../lib/note-review';
import { formatSentiment, SENTIMENT_COLOURS, sentimentTone } from '../lib/sentiment';
import { DrawingDescription } from './drawing-description';
import type { AnnotationSession } from './use-annotation-session';

/**
 * The Notes tab: every annotation by time, each a button that seeks there and opens it, so
 * the notes are there for keyboard and screen-reader users as well as over the picture.
 */
export function AnnotationsPanel({
  session,
  editable,
  rangeNoteAction,
}: {
  session: AnnotationSession;
  /** Editors are pointed at Add Annotation when there is nothing yet. */
  editable: boolean;
  /** What the page offers beside a range note's Loop (Make clip, from the clips feature). */
  rangeNoteAction?: (annotation: Annotation) => ReactNode;
}) {
  const now = useNow();
  const [filter, setFilter] = useState<NoteFilter>('all');
  const { query } = session;

  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy>
        <p role="status" className="sr-only">
          Loading annotations…
        </p>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-[4.5rem] rounded-lg" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Annotations couldn't load"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        titleAs="h3"
      />
    );
  }
  if (session.annotations.length === 0) {
    return (
      <EmptyState
        icon={MessagesSquareIcon}
        title="No annotations yet"
        titleAs="h3"
        description={
          editable
            ? 'Pause on a moment, press Add Annotation under the video and click the spot the note is about. Type it or record it.'
            : 'Notes pinned on this video show here, with their replies and reactions.'
        }
        className="py-10 sm:py-12"
      />
    );
  }

  const counts = noteFilterCounts(session.annotations);
  const shown = sortedByTime(filterNotes(session.annotations, filter));
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <NoteFilterControl value={filter} counts={counts} onChange={setFilter} />
        <Button
          variant="outline"
          size="sm"
          onClick={session.openNextOpen}
          disabled={counts.open === 0}
          aria-keyshortcuts="N"
          title="Next open note (N)"
        >
          <SkipForwardIcon aria-hidden />
          Next open note
        </Button>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon={filter === 'open' ? CheckCheckIcon : CircleDotIcon}
          title={filter === 'open' ? 'No open notes — all resolved' : 'No resolved notes yet'}
          titleAs="h3"
          description={
            filter === 'open'
              ? 'Every note on this video has been dealt with. Reopen one from its dialog if it needs another look.'
              : 'Open a note and press Resolve once it has been dealt with; it moves here.'
          }
          className="py-8 sm:py-10"
        />
      ) : (
        <ol aria-label="Annotations by time" className="grid gap-2">
          {shown.map((annotation) => (
            <li key={annotation.id} className="relative">
              <AnnotationRow
                annotation={annotation}
                now={now}
                onOpen={() => session.open(annotation)}
                onPreview={(shown) => session.preview(shown ? annotation.id : null)}
              />
              {annotation.endTime !== null ? (
                <div className="absolute right-2 bottom-2 flex gap-1.5">
                  {rangeNoteAction?.(annotation)}
                  <Button
                    variant="secondary"
                    size="sm"
                    className="h-7 px-2.5"
                    onClick={() => session.loop(annotation)}
                    aria-label={`Loop ${formatNoteTime(annotation)}`}
                  >
                    <Repeat2Icon aria-hidden />
                    Loop
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

const FILTER_LABELS: Record<NoteFilter, string> = {
  all: 'All',
  open: 'Open',
  resolved: 'Resolved',
};

/** All / Open / Resolved with their counts: native radios, so arrow keys move between them. */
function NoteFilterControl({
  value,
  counts,
  onChange,
}: {
  value: NoteFilter;
  counts: Record<NoteFilter, number>;
  onChange: (filter: NoteFilter) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-lg bg-muted p-0.5 text-sm">
      <legend className="sr-only">Show notes</legend>
      {(Object.keys(FILTER_LABELS) as NoteFilter[]).map((filter) => (
        <label
          key={filter}
          className={cn(
            'relative inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2.5 py-1 font-medium text-muted-foreground transition-colors has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50 hover:text-foreground',
            value === filter && 'bg-background text-foreground shadow-sm',
          )}
        >
          <input
            type="radio"
            name="note-filter"
            value={filter}
            checked={value === filter}
            onChange={() => onChange(filter)}
            // "Open 3": the label's word and count would otherwise run together as "Open3".
            aria-label={`${FILTER_LABELS[filter]} ${counts[filter]}`}
            className="sr-only"
          />
          <span>{FILTER_LABELS[filter]}</span>
          <span className="rounded-full bg-secondary px-1.5 text-xs text-secondary-foreground tabular-nums">
            {counts[filter]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function AnnotationRow({
  annotation,
  now,
  onOpen,
  onPreview,
}: {
  annotation: Annotation;
  now: Date;
  onOpen: () => void;
  /** Hovered or focused: the note's drawing shows over the picture meanwhile. */
  onPreview: (shown: boolean) => void;
}) {
  const tone = sentimentTone(annotation.sentiment);
  const time =
    annotation.endTime === null
      ? formatClockTime(annotation.timestamp)
      : `${formatClockTime(annotation.timestamp)}–${formatClockTime(annotation.endTime)}`;
  const resolved = annotation.resolvedAt !== null;
  const replies = annotation.replies.length;
  const hasText = annotation.content.trim() !== '';
  return (
    <button
      type="button"
      onClick={onOpen}
      onMouseEnter={() => onPreview(true)}
      onMouseLeave={() => onPreview(false)}
      onFocus={() => onPreview(true)}
      onBlur={() => onPreview(false)}
      className={cn(
        'group grid w-full grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg border bg-card p-3 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        resolved && 'bg-muted/40',
        annotation.endTime !== null && 'pb-11',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'row-span-2 mt-0.5 grid size-7 place-items-center rounded-full border-2 border-white shadow-sm ring-1 ring-black/10',
          resolved && 'opacity-50',
        )}
        style={{ backgroundColor: SENTIMENT_COLOURS[tone] }}
      >
        {annotation.drawing !== null ? (
          <PenLineIcon className="size-3 text-white" />
        ) : hasText ? null : (
          <MicIcon className="size-3 text-white" />
        )}
      </span>
      <span className="flex items-baseline justify-between gap-3">
        <span
          className={cn(
            'line-clamp-2 font-medium break-words',
            resolved && 'text-muted-foreground',
          )}
        >
          {annotationSummary(annotation)}
        </span>
        <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 font-mono text-xs text-secondary-foreground tabular-nums group-hover:bg-primary group-hover:text-primary-foreground">
          {time}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
        {annotation.resolvedAt !== null ? (
          <>
            <span className="inline-flex items-center gap-1 font-medium">
              <CheckCircle2Icon className="size-3" aria-hidden />
              {annotation.resolvedBy ? `Resolved by ${annotation.resolvedBy.name}` : 'Resolved'}
            </span>
            <span aria-hidden>·</span>
          </>
        ) : null}
        <span>{annotation.user.name}</span>
        <span aria-hidden>·</span>
        <time dateTime={annotation.createdAt}>{formatRelativeTime(annotation.createdAt, now)}</time>
        {annotation.sentiment ? (
          <>
            <span aria-hidden>·</span>
            <span>{formatSentiment(annotation.sentiment)}</span>
          </>
        ) : null}
        {annotation.audioUrl && hasText ? (
          <>
            <span aria-hidden>·</span>
            <span className="inline-flex items-center gap-1">
              <MicIcon className="size-3" aria-hidden />
              Voice note
            </span>
          </>
        ) : null}
        {annotation.drawing ? (
          <DrawingDescription drawing={annotation.drawing} clamp className="basis-full" />
        ) : null}
        {replies > 0 ? (
          <>
            <span aria-hidden>·</span>
            <span className="inline-flex items-center gap-1">
              <MessageSquareTextIcon className="size-3" aria-hidden />
              {replies === 1 ? '1 reply' : `${replies} replies`}
            </span>
          </>
        ) : null}
      </span>
    </button>
  );
}
