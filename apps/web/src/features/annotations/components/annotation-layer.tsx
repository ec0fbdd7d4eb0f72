import type { Annotation } from '@filmroom/contract';
import { MapPinIcon, MessageSquareTextIcon, MicIcon, PenToolIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { cn } from '@/lib/utils';
import { annotationLabel } from '../lib/annotation-label';
import { insideFrame, pointOnPicture, positionInPicture } from '../lib/annotation-position';
import type { PictureRect, PicturePosition } from '../lib/annotation-position';
import { annotationsNear } from '../lib/annotations-near';
import { SENTIMENT_COLOURS, SENTIMENT_INK, sentimentTone } from '../lib/sentiment';
import { drawingsShownAt } from '../lib/drawing-playback';
import { DrawingCanvas } from './drawing-canvas';
import { DrawingOverlay } from './drawing-overlay';
import type { AnnotationSession } from './use-annotation-session';
import { usePauseHere } from './use-pause-here';

/** What the viewer tells a layer drawn over its picture (see VideoViewer's `overlay`). */
type Viewer = {
  picture: PictureRect;
  frame: { width: number; height: number };
  currentTime: number;
  paused: boolean;
};

/**
 * Over the picture: the pins of the notes near the playback time (and the open one), coloured
 * by sentiment, and the drawings of the notes at this time (and the open or previewed one);
 * while a note is being added, the layer that takes the click picking its spot, or the
 * surface the coach draws on. Drawn outside the zoomed stage, so pins keep their size at any
 * zoom, and drawings, measured against the picture, follow it.
 */
export function AnnotationLayer({
  viewer,
  session,
}: {
  viewer: Viewer;
  session: AnnotationSession;
}) {
  const near = annotationsNear(session.annotations, viewer.currentTime, session.openId);
  const placing = session.mode !== 'idle';
  const drawingNow = placing && session.drawingOn;
  usePauseHere(session.annotations, viewer.currentTime, viewer.paused, session.stopAt);
  // While a new note is drawn, its drawing is the one on the picture.
  const shown = placing
    ? []
    : drawingsShownAt(session.annotations, viewer.currentTime, [session.openId, session.previewId]);
  const pending = session.drawing.shapes;
  return (
    <>
      {shown.map((annotation) =>
        annotation.drawing ? (
          <DrawingOverlay
            key={annotation.id}
            drawing={annotation.drawing}
            picture={viewer.picture}
            className="z-[11]"
          />
        ) : null,
      )}
      {placing && !drawingNow && pending.length > 0 ? (
        <DrawingOverlay drawing={{ shapes: pending }} picture={viewer.picture} className="z-[11]" />
      ) : null}
      {near.length > 0 ? (
        <ul aria-label="Annotations at this moment" className="contents">
          {near.map((annotation) => {
            const point = pointOnPicture(viewer.picture, annotation);
            if (!insideFrame(point, viewer.frame)) return null;
            return (
              <li key={annotation.id} className="contents">
                <AnnotationPin
                  annotation={annotation}
                  point={point}
                  open={annotation.id === session.openId}
                  onSelect={() => session.open(annotation)}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
      {drawingNow ? (
        <>
          {/*
            Above the player's toolbar (z-20): the whole picture is for drawing while paused.
            The dim outside it says where drawing counts, as the picker's does.
          */}
          <DrawingCanvas
            editor={session.drawing}
            picture={viewer.picture}
            className="z-[21] shadow-[0_0_0_100vmax_rgb(0_0_0/0.35)] outline-2 outline-signal/80 outline-dashed"
          />
        </>
      ) : placing ? (
        <PositionPicker
          picture={viewer.picture}
          frame={viewer.frame}
          spot={session.spot}
          onPick={session.pick}
        />
      ) : null}
    </>
  );
}

function AnnotationPin({
  annotation,
  point,
  open,
  onSelect,
}: {
  annotation: Annotation;
  point: { x: number; y: number };
  open: boolean;
  onSelect: () => void;
}) {
  const tone = sentimentTone(annotation.sentiment);
  const wordless = annotation.content.trim() === '';
  const Icon =
    wordless && annotation.audioUrl !== null
      ? MicIcon
      : wordless && annotation.drawing
        ? PenToolIcon
        : MessageSquareTextIcon;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-label={annotationLabel(annotation)}
      title={annotationLabel(annotation)}
      data-testid="annotation-marker"
      data-sentiment={tone}
      style={{
        left: point.x,
        top: point.y,
        backgroundColor: SENTIMENT_COLOURS[tone],
        color: SENTIMENT_INK[tone],
      }}
      className={cn(
        // The pin's centre is the pinned spot.
        'absolute z-[12] grid size-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white shadow-[0_2px_8px_rgb(0_0_0/0.55)] outline-none max-sm:size-6',
        'transition-[scale,opacity] duration-200 starting:scale-50 starting:opacity-0 hover:scale-115 motion-reduce:transition-none',
        'focus-visible:ring-[3px] focus-visible:ring-white/90 focus-visible:ring-offset-2 focus-visible:ring-offset-black',
        open && 'scale-115 ring-[3px] ring-white/90',
      )}
    >
      <Icon className="size-3.5 max-sm:size-3" aria-hidden />
    </button>
  );
}

/**
 * Takes the click that picks a new note's spot (spec §2): only on the picture, measured
 * against the picture itself. The dashed outline shows where a click counts; the pin shows
 * the spot picked so far (a new click moves it).
 */
function PositionPicker({
  picture,
  frame,
  spot,
  onPick,
}: {
  picture: PictureRect;
  frame: { width: number; height: number };
  spot: PicturePosition | null;
  onPick: (position: PicturePosition) => void;
}) {
  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const position = positionInPicture(
      { x: event.clientX - box.left, y: event.clientY - box.top },
      picture,
    );
    if (position) onPick(position);
  };
  // The outline, kept within the frame when a zoomed picture reaches past it.
  const left = Math.max(0, picture.x);
  const top = Math.max(0, picture.y);
  const right = Math.min(frame.width, picture.x + picture.width);
  const bottom = Math.min(frame.height, picture.y + picture.height);
  const pin = spot ? pointOnPicture(picture, spot) : null;
  return (
    <div
      data-testid="annotation-position-picker"
      onClick={pick}
      className="absolute inset-0 z-[15] cursor-crosshair"
    >
      {/* Its shadow darkens everything but the picture: the part a click counts on. */}
      <div
        aria-hidden
        className="pointer-events-none absolute rounded-sm border-2 border-dashed border-signal/90 shadow-[0_0_0_100vmax_rgb(0_0_0/0.5)]"
        style={{ left, top, width: right - left, height: bottom - top }}
      />
      {spot ? null : (
        <p className="pointer-events-none absolute bottom-3 left-1/2 w-max max-w-[calc(100%-1.5rem)] -translate-x-1/2 rounded-full bg-black/75 px-3 py-1.5 text-center text-xs font-semibold text-white shadow-lg backdrop-blur-sm sm:text-sm">
          Click where the note belongs
        </p>
      )}
      {pin && insideFrame(pin, frame) ? (
        <span
          aria-hidden
          data-testid="annotation-pending-pin"
          className="pointer-events-none absolute grid size-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white bg-signal text-signal-foreground shadow-[0_2px_8px_rgb(0_0_0/0.55)]"
          style={{ left: pin.x, top: pin.y }}
        >
          <span className="absolute inset-0 animate-ping rounded-full bg-signal/60 motion-reduce:animate-none" />
          <MapPinIcon className="relative size-4" aria-hidden />
        </span>
      ) : null}
    </div>
  );
}
