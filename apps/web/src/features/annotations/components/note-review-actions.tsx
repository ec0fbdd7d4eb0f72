import type { Annotation } from '@filmroom/contract';
import { CheckCircle2Icon, Repeat2Icon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useResolveAnnotation } from '../api/resolve-annotation';
import { canResolveAnnotation } from '../lib/annotation-permissions';
import { formatNoteTime } from '../lib/note-review';

/**
 * A note's review state in its dialog's header (issue 16): who resolved it, Resolve or Reopen
 * for those who may, and Loop for a range note.
 */
export function NoteReviewActions({
  annotation,
  videoId,
  viewer,
  onLoop,
}: {
  annotation: Annotation;
  videoId: string;
  viewer: { editable: boolean; userId: string | null };
  /** Loops the note's range (the dialog closes so the stretch can be watched). */
  onLoop?: () => void;
}) {
  const resolve = useResolveAnnotation(videoId);
  const resolved = annotation.resolvedAt !== null;
  const allowed = canResolveAnnotation(annotation, viewer);
  const isRange = annotation.endTime !== null;
  if (!allowed && !resolved && !isRange) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {resolved ? (
        <span
          data-testid="annotation-resolved"
          className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground"
        >
          <CheckCircle2Icon className="size-3.5" aria-hidden />
          {annotation.resolvedBy ? `Resolved by ${annotation.resolvedBy.name}` : 'Resolved'}
        </span>
      ) : null}
      {isRange ? (
        <span className="text-xs text-muted-foreground">
          Range <span className="font-mono tabular-nums">{formatNoteTime(annotation)}</span>
        </span>
      ) : null}
      <span className="ml-auto flex gap-2">
        {isRange && onLoop ? (
          <Button variant="outline" size="sm" onClick={onLoop}>
            <Repeat2Icon aria-hidden />
            Loop
          </Button>
        ) : null}
        {allowed ? (
          <Button
            variant={resolved ? 'outline' : 'secondary'}
            size="sm"
            // Not disabled while saving: the button keeps focus as it turns into its opposite.
            aria-disabled={resolve.isPending}
            onClick={() => {
              if (!resolve.isPending) {
                resolve.mutate({ annotationId: annotation.id, resolved: !resolved });
              }
            }}
          >
            {resolve.isPending ? (
              <Spinner />
            ) : resolved ? (
              <RotateCcwIcon aria-hidden />
            ) : (
              <CheckCircle2Icon aria-hidden />
            )}
            {resolved ? 'Reopen' : 'Resolve'}
          </Button>
        ) : null}
      </span>
    </div>
  );
}
