import type { Annotation } from '@filmroom/contract';
import { Trash2Icon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/hooks/use-now';
import { formatClockTime, formatDuration } from '@/lib/format-time';
import { formatRelativeTime } from '@/lib/relative-time';
import { useDeleteAnnotation } from '../api/delete-annotation';
import { canDeleteAnnotation } from '../lib/annotation-permissions';
import { NOT_TRANSCRIBED } from '../lib/annotation-label';
import { AnnotationDiscussion } from './annotation-discussion';
import { AuthorAvatar } from './author-avatar';
import { NoteReviewActions } from './note-review-actions';
import { DrawingDescription } from './drawing-description';
import { DrawingToolbar } from './drawing-toolbar';
import { FrameStill, useFrameStill } from './frame-still';
import { ReactionBar } from './reaction-bar';
import { SentimentBadge } from './sentiment-badge';
import { useDrawingEditor, useDrawingShortcuts } from './use-drawing-editor';

/**
 * Spec §2: what a marker opens. The time as HH:MM:SS, the words, the voice note, the sentiment,
 * reactions, a direct delete and the discussion. A chunk of its own (see annotation-dialog.tsx).
 */
export function AnnotationDetails({
  annotation,
  videoId,
  viewer,
  onDeleted,
  onLoop,
  captureFrame,
  focusedReplyId = null,
}: {
  annotation: Annotation;
  videoId: string;
  /** A reply to bring into view and mark (opened from a notification). */
  focusedReplyId?: string | null;
  viewer: { editable: boolean; userId: string | null };
  onDeleted: () => void;
  onLoop?: () => void;
  /** The player's frame (paused on the note's time) as a still to show drawings on. */
  captureFrame: () => Promise<string | null>;
}) {
  const now = useNow();
  const remove = useDeleteAnnotation(videoId);
  const contentRef = useRef<HTMLDivElement>(null);
  const text = annotation.content.trim();
  const still = useFrameStill(annotation.id, captureFrame);
  // Any viewer may reply, so any viewer may draw a reply on the still.
  const replyEditor = useDrawingEditor();
  const [replyDrawing, setReplyDrawing] = useState(false);
  useDrawingShortcuts(replyEditor, replyDrawing, 'dialog');
  const [shownReplyId, setShownReplyId] = useState<string | null>(null);
  const shownReply = annotation.replies.find((reply) => reply.id === shownReplyId && reply.drawing);
  const stillDrawing = shownReply?.drawing ?? annotation.drawing;
  const withStill =
    annotation.drawing !== null ||
    replyDrawing ||
    annotation.replies.some((reply) => reply.drawing !== null);
  return (
    <DialogContent
      ref={contentRef}
      className="max-w-lg gap-4"
      // The note is for reading first: focus the dialog, not its first reaction button.
      // Esc leaves a drawing tool first (see useDrawingShortcuts); then it closes the dialog.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        contentRef.current?.focus();
      }}
    >
      <DialogHeader>
        <DialogTitle>
          Annotation at{' '}
          <time className="font-mono tabular-nums">{formatClockTime(annotation.timestamp)}</time>
        </DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <AuthorAvatar user={annotation.user} className="size-6 text-[0.6rem]" />
          <span className="font-medium text-foreground">{annotation.user.name}</span>
          <span aria-hidden>·</span>
          <time dateTime={annotation.createdAt} className="whitespace-nowrap">
            {formatRelativeTime(annotation.createdAt, now)}
          </time>
        </DialogDescription>
        <NoteReviewActions
          annotation={annotation}
          videoId={videoId}
          viewer={viewer}
          onLoop={onLoop}
        />
      </DialogHeader>

      <div className="grid gap-3">
        {text ? (
          <p data-testid="annotation-content" className="break-words whitespace-pre-wrap">
            {annotation.content}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground italic">
            {annotation.audioUrl
              ? NOT_TRANSCRIBED
              : annotation.drawing
                ? 'A drawing without words.'
                : 'No text.'}
          </p>
        )}
        {annotation.audioUrl ? (
          <div className="grid gap-1">
            <audio
              controls
              preload="metadata"
              src={annotation.audioUrl}
              aria-label="Voice note"
              className="h-10 w-full"
            />
            {annotation.audioDuration ? (
              <p className="text-xs text-muted-foreground">
                Voice note, {formatDuration(annotation.audioDuration)}
              </p>
            ) : null}
          </div>
        ) : null}
        {annotation.sentiment ? (
          <SentimentBadge sentiment={annotation.sentiment} />
        ) : (
          <p className="text-xs text-muted-foreground">No sentiment: the note has no words.</p>
        )}
        {withStill ? (
          <div className="grid gap-2">
            <FrameStill
              src={still}
              drawing={replyDrawing ? annotation.drawing : stillDrawing}
              editor={replyDrawing ? replyEditor : null}
              label={`The frame at ${formatClockTime(annotation.timestamp)}`}
            />
            {replyDrawing ? <DrawingToolbar editor={replyEditor} /> : null}
            {shownReply && !replyDrawing ? (
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                Showing {shownReply.user.name}’s drawing.
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto p-0 text-xs"
                  onClick={() => setShownReplyId(null)}
                >
                  Show the note’s drawing
                </Button>
              </p>
            ) : null}
          </div>
        ) : null}
        {annotation.drawing ? <DrawingDescription drawing={annotation.drawing} /> : null}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <ReactionBar
          videoId={videoId}
          annotationId={annotation.id}
          reactions={annotation.reactions}
        />
        {canDeleteAnnotation(annotation, viewer) ? (
          <Button
            variant="outline"
            size="sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(annotation.id, { onSuccess: onDeleted })}
          >
            {remove.isPending ? <Spinner /> : <Trash2Icon aria-hidden />}
            Delete
          </Button>
        ) : null}
      </div>

      <Separator />

      <AnnotationDiscussion
        videoId={videoId}
        annotationId={annotation.id}
        replies={annotation.replies}
        focusedReplyId={focusedReplyId}
        canDelete={(reply) => canDeleteAnnotation(reply, viewer)}
        now={now}
        drawing={{
          editor: replyEditor,
          on: replyDrawing,
          // Draw pressed again puts the reply's drawing away.
          toggle: () => {
            if (replyDrawing) replyEditor.reset();
            setReplyDrawing(!replyDrawing);
            setShownReplyId(null);
          },
          done: () => {
            setReplyDrawing(false);
            replyEditor.reset();
          },
          shownReplyId: shownReply ? shownReply.id : null,
          show: (id) => {
            setReplyDrawing(false);
            setShownReplyId(id);
          },
        }}
      />
    </DialogContent>
  );
}
