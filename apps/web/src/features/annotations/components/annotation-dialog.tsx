import { Suspense } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { lazyComponent } from '@/lib/lazy-component';
import type { AnnotationSession } from './use-annotation-session';

// The discussion, reactions and voice note are fetched the first time a note is opened.
const AnnotationDetails = lazyComponent(() =>
  import('./annotation-details').then((module) => module.AnnotationDetails),
);

type AnnotationDialogProps = {
  session: AnnotationSession;
  /** Owner or edit share: may delete anyone's notes (authors may delete their own). */
  editable: boolean;
  userId: string | null;
};

/**
 * Spec §2: what a marker opens, as a dialog while a note is open (annotation-details.tsx). While
 * its code arrives nothing shows yet: it is one short moment, the first time only.
 */
export function AnnotationDialog({ session, editable, userId }: AnnotationDialogProps) {
  const annotation = session.openAnnotation;
  return (
    <Dialog open={annotation !== null} onOpenChange={(open) => (open ? null : session.close())}>
      {annotation ? (
        <Suspense fallback={null}>
          <AnnotationDetails
            annotation={annotation}
            videoId={session.videoId}
            focusedReplyId={session.focusedReplyId}
            viewer={{ editable, userId }}
            onDeleted={session.close}
            onLoop={() => session.loop(annotation)}
            captureFrame={session.captureFrame}
          />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
