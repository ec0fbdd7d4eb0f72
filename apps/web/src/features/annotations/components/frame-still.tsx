import type { Drawing } from '@filmroom/contract';
import { useEffect, useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useElementSize } from '@/hooks/use-element-size';
import { DrawingCanvas } from './drawing-canvas';
import { DrawingOverlay } from './drawing-overlay';
import type { DrawingEditor } from './use-drawing-editor';

/** The note's frame, captured from the player; undefined while it is being captured. */
export function useFrameStill(
  key: string,
  capture: () => Promise<string | null>,
): string | null | undefined {
  const [still, setStill] = useState<{ key: string; src: string | null } | null>(null);
  const latest = useRef(capture);
  useEffect(() => {
    latest.current = capture;
  });
  useEffect(() => {
    let current = true;
    latest
      .current()
      // A picture the browser will not read back (another origin) has no still: drawn on black.
      .catch(() => null)
      .then((src) => {
        if (current) setStill({ key, src });
      });
    return () => {
      current = false;
    };
  }, [key]);
  return still?.key === key ? still.src : undefined;
}

/**
 * A still of a note's frame with a drawing over it: the note's, or a reply's picked in the
 * discussion; while `editor` is given, the surface a reply is drawn on. Without a still (the
 * picture has not loaded) the drawing shows on a black 16:9 frame.
 */
export function FrameStill({ src, ...rest }: StillProps & { src: string | null | undefined }) {
  if (src === undefined) return <Skeleton className="aspect-video w-full rounded-lg" />;
  return <Still src={src} {...rest} />;
}

type StillProps = {
  drawing: Drawing | null;
  editor: DrawingEditor | null;
  label: string;
};

function Still({ src, drawing, editor, label }: StillProps & { src: string | null }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const size = useElementSize(boxRef);
  const [aspect, setAspect] = useState(16 / 9);
  const picture = { x: 0, y: 0, width: size.width, height: size.height };
  return (
    <figure className="grid gap-1">
      <div
        ref={boxRef}
        data-testid="frame-still"
        className="relative mx-auto overflow-hidden rounded-lg bg-black"
        // A portrait clip's still stays within half the screen's height, keeping its shape.
        style={{ aspectRatio: aspect, width: `min(100%, calc(45svh * ${aspect}))` }}
      >
        {src ? (
          <img
            src={src}
            alt={label}
            className="absolute inset-0 size-full object-contain"
            onLoad={(event) => {
              const image = event.currentTarget;
              if (image.naturalWidth > 0) setAspect(image.naturalWidth / image.naturalHeight);
            }}
          />
        ) : null}
        {size.width > 0 && drawing ? <DrawingOverlay drawing={drawing} picture={picture} /> : null}
        {size.width > 0 && editor ? (
          <DrawingCanvas
            editor={editor}
            picture={picture}
            className="ring-2 ring-signal ring-inset"
          />
        ) : null}
      </div>
      {src ? null : (
        <figcaption className="text-xs text-muted-foreground">
          The frame isn’t available yet; the drawing shows without it.
        </figcaption>
      )}
    </figure>
  );
}
