import { LocateFixedIcon, MessageSquarePlusIcon, PenToolIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { JointNear } from '../lib/drawing-description';
import { AnnotationForm } from './annotation-form';
import { DrawingToolbar } from './drawing-toolbar';
import type { AnnotationSession } from './use-annotation-session';
import { useDrawingShortcuts } from './use-drawing-editor';

/**
 * Under the player, for those who may edit the video: the Add Annotation / Cancel toggle
 * (spec §2) and Draw, what to do next while a spot is being picked, the drawing tools while
 * drawing (here rather than over a phone's small picture), and the form once a spot is set.
 */
export function AnnotationBar({
  session,
  jointNear,
}: {
  session: AnnotationSession;
  /** Names the joint near a point of the paused frame, for angle descriptions. */
  jointNear?: JointNear;
}) {
  const active = session.mode !== 'idle';
  const drawing = session.drawingOn && session.mode === 'composing';
  useDrawingShortcuts(session.drawing, drawing, 'page');
  const hasDrawing = session.drawing.shapes.length > 0;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button
          variant={active ? 'outline' : 'default'}
          onClick={active ? session.cancel : session.start}
        >
          {active ? <XIcon aria-hidden /> : <MessageSquarePlusIcon aria-hidden />}
          {active ? 'Cancel' : 'Add Annotation'}
        </Button>
        <Button
          variant={session.drawingOn ? 'default' : 'outline'}
          aria-pressed={session.drawingOn}
          onClick={session.toggleDrawing}
        >
          <PenToolIcon aria-hidden />
          Draw
        </Button>
        {session.mode === 'picking' ? (
          <>
            {/* The same for keyboard users, who cannot point at the picture. */}
            <Button
              variant="ghost"
              size="sm"
              className="sm:order-last"
              onClick={() => session.pick({ xPosition: 50, yPosition: 50 })}
            >
              <LocateFixedIcon aria-hidden />
              Pin at the centre
            </Button>
            {/* Its own line on a phone; between the buttons from 640 px. */}
            <p
              role="status"
              className="min-w-0 basis-full text-sm text-muted-foreground sm:flex-1 sm:basis-0"
            >
              Paused. Click the spot on the picture this note is about.
            </p>
          </>
        ) : null}
        {drawing ? (
          <p
            role="status"
            className="min-w-0 basis-full text-sm text-muted-foreground sm:flex-1 sm:basis-0"
          >
            Paused. Draw on the picture; the note saves the drawing with this moment.
          </p>
        ) : null}
      </div>
      {drawing ? <DrawingToolbar editor={session.drawing} /> : null}
      {session.mode === 'composing' && session.spot ? (
        <AnnotationForm
          videoId={session.videoId}
          spot={session.spot}
          onCreated={session.finish}
          drawing={session.drawingOn || hasDrawing ? session.drawing : null}
          pinOnDrawing={session.pinOnDrawing}
          jointNear={jointNear}
        />
      ) : null}
    </div>
  );
}
