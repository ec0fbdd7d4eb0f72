import type { Annotation } from '@filmroom/contract';
import { MessageSquareTextIcon, MessagesSquareIcon, MicIcon, PenToolIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { ErrorState } from '@/components/layout/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/hooks/use-now';
import { formatClockTime } from '@/lib/format-time';
import { formatRelativeTime } from '@/lib/relative-time';
import { annotationSummary } from '../lib/annotation-label';
import { sortedByTime } from '../lib/annotations-near';
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
}: {
  session: AnnotationSession;
  /** Editors are pointed at Add Annotation when there is nothing yet. */
  editable: boolean;
}) {
  const now = useNow();
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

  return (
    <ol aria-label="Annotations by time" className="grid gap-2">
      {sortedByTime(session.annotations).map((annotation) => (
        <li key={annotation.id}>
          <AnnotationRow
            annotation={annotation}
            now={now}
            onOpen={() => session.open(annotation)}
          />
        </li>
      ))}
    </ol>
  );
}

function AnnotationRow({
  annotation,
  now,
  onOpen,
}: {
  annotation: Annotation;
  now: Date;
  onOpen: () => void;
}) {
  const tone = sentimentTone(annotation.sentiment);
  const time = formatClockTime(annotation.timestamp);
  const replies = annotation.replies.length;
  const hasText = annotation.content.trim() !== '';
  return (
    <button
      type="button"
      onClick={onOpen}
      className="group grid w-full grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg border bg-card p-3 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span
        aria-hidden
        className="row-span-2 mt-0.5 grid size-7 place-items-center rounded-full border-2 border-white shadow-sm ring-1 ring-black/10"
        style={{ backgroundColor: SENTIMENT_COLOURS[tone] }}
      >
        {hasText ? null : annotation.audioUrl === null && annotation.drawing ? (
          <PenToolIcon className="size-3 text-white" />
        ) : (
          <MicIcon className="size-3 text-white" />
        )}
      </span>
      <span className="flex items-baseline justify-between gap-3">
        <span className="line-clamp-2 font-medium break-words">
          {annotationSummary(annotation)}
        </span>
        <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 font-mono text-xs text-secondary-foreground tabular-nums group-hover:bg-primary group-hover:text-primary-foreground">
          {time}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
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
