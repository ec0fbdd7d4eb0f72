import { LocateFixedIcon, MessageSquarePlusIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AnnotationForm } from './annotation-form';
import type { AnnotationSession } from './use-annotation-session';

/**
 * Under the player, for those who may edit the video: the Add Annotation / Cancel toggle
 * (spec §2), what to do next while a spot is being picked, and the form once it is.
 */
export function AnnotationBar({ session }: { session: AnnotationSession }) {
  const active = session.mode !== 'idle';
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
      </div>
      {session.mode === 'composing' && session.spot ? (
        <AnnotationForm videoId={session.videoId} spot={session.spot} onCreated={session.finish} />
      ) : null}
    </div>
  );
}
