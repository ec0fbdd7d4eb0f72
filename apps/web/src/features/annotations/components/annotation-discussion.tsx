import type { AnnotationReply } from '@filmroom/contract';
import { PenToolIcon, SendHorizontalIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useAddReply } from '../api/add-reply';
import { useDeleteAnnotation } from '../api/delete-annotation';
import { AuthorAvatar } from './author-avatar';
import { DrawingDescription } from './drawing-description';
import type { DrawingEditor } from './use-drawing-editor';

/** Drawing on the note's still: a reply's own drawing, and which reply's drawing is shown. */
type ReplyDrawing = {
  editor: DrawingEditor;
  on: boolean;
  toggle: () => void;
  /** Sent: the drawing is cleared and drawing stops. */
  done: () => void;
  shownReplyId: string | null;
  show: (replyId: string | null) => void;
};

type AnnotationDiscussionProps = {
  videoId: string;
  annotationId: string;
  replies: readonly AnnotationReply[];
  canDelete: (reply: AnnotationReply) => boolean;
  now: Date;
  drawing: ReplyDrawing;
  /** The reply a notification led here for: scrolled into view and marked. */
  focusedReplyId?: string | null;
};

/**
 * Spec §2: the discussion under a note, oldest reply first, and the reply input. A reply may
 * carry a drawing on the note's still; its Drawing button shows it there.
 */
export function AnnotationDiscussion({
  videoId,
  annotationId,
  replies,
  canDelete,
  now,
  drawing,
  focusedReplyId = null,
}: AnnotationDiscussionProps) {
  const titleId = useId();
  const focusedRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    focusedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [focusedReplyId]);
  const remove = useDeleteAnnotation(videoId);
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h3 id={titleId} className="text-sm font-semibold">
        Discussion{replies.length > 0 ? ` (${replies.length})` : ''}
      </h3>
      {replies.length === 0 ? (
        <p className="text-sm text-muted-foreground">No replies yet. Start the discussion.</p>
      ) : (
        <ol aria-label="Replies" className="grid gap-2.5">
          {replies.map((reply) => (
            <li
              key={reply.id}
              ref={reply.id === focusedReplyId ? focusedRef : undefined}
              data-testid="reply"
              aria-current={reply.id === focusedReplyId ? 'true' : undefined}
              className={cn(
                'flex gap-2.5 rounded-lg',
                reply.id === focusedReplyId &&
                  'ring-2 ring-primary ring-offset-2 ring-offset-background',
              )}
            >
              <AuthorAvatar user={reply.user} className="mt-0.5 size-7 text-[0.65rem]" />
              <div className="grid min-w-0 flex-1 gap-0.5 rounded-lg bg-muted/70 px-3 py-2">
                <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                  <span className="text-sm font-semibold text-foreground">{reply.user.name}</span>
                  <time dateTime={reply.createdAt} className="whitespace-nowrap">
                    {formatRelativeTime(reply.createdAt, now)}
                  </time>
                  {canDelete(reply) ? (
                    <button
                      type="button"
                      aria-label={`Delete reply by ${reply.user.name}`}
                      title="Delete reply"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(reply.id)}
                      className="ml-auto grid size-6 place-items-center self-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-destructive/10 hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
                    >
                      <Trash2Icon className="size-3.5" aria-hidden />
                    </button>
                  ) : null}
                </p>
                {reply.content.trim() ? (
                  <p className="text-sm break-words whitespace-pre-wrap">{reply.content}</p>
                ) : null}
                {reply.drawing ? (
                  <div className="grid justify-items-start gap-1 pt-0.5">
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-7 gap-1.5 px-2 text-xs aria-pressed:border-primary aria-pressed:bg-primary/10"
                      aria-pressed={drawing.shownReplyId === reply.id}
                      onClick={() =>
                        drawing.show(drawing.shownReplyId === reply.id ? null : reply.id)
                      }
                    >
                      <PenToolIcon aria-hidden />
                      Drawing
                    </Button>
                    <DrawingDescription drawing={reply.drawing} />
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      <ReplyForm videoId={videoId} annotationId={annotationId} drawing={drawing} />
    </section>
  );
}

/**
 * Spec §2, §5: Enter without Shift sends, as does Reply; a reply without text or a drawing is
 * not sent. Draw puts the tools over the note's still.
 */
function ReplyForm({
  videoId,
  annotationId,
  drawing,
}: {
  videoId: string;
  annotationId: string;
  drawing: ReplyDrawing;
}) {
  const [content, setContent] = useState('');
  const hintId = useId();
  const add = useAddReply(videoId, annotationId);
  const hasDrawing = drawing.editor.shapes.length > 0;
  const blank = content.trim() === '' && !hasDrawing;

  const send = () => {
    if (blank || add.isPending) return;
    add.mutate(
      { content: content.trim(), drawing: hasDrawing ? drawing.editor.describe() : null },
      {
        onSuccess: () => {
          setContent('');
          drawing.done();
        },
      },
    );
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing a character: its Enter picks the character.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={onSubmit} aria-label="Reply" className="grid gap-1.5">
      <div className="flex items-end gap-2">
        <Textarea
          aria-label="Write a reply"
          aria-describedby={hintId}
          placeholder="Write a reply…"
          value={content}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          className="max-h-40 min-h-10 resize-none field-sizing-content"
        />
        <Button
          type="button"
          variant={drawing.on ? 'default' : 'outline'}
          aria-pressed={drawing.on}
          onClick={drawing.toggle}
          className="shrink-0"
        >
          <PenToolIcon aria-hidden />
          <span className="max-sm:sr-only">Draw</span>
        </Button>
        <Button type="submit" disabled={blank || add.isPending} className="shrink-0">
          {add.isPending ? <Spinner /> : <SendHorizontalIcon aria-hidden />}
          Reply
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {drawing.on
          ? 'Draw on the frame above; the reply sends the drawing with any text.'
          : 'Enter sends; Shift+Enter starts a new line. Draw adds a drawing on the frame.'}
      </p>
    </form>
  );
}
