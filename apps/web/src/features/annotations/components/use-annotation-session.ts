import type { Annotation } from '@filmroom/contract';
import { useState } from 'react';
import type { RefObject } from 'react';
import { useAnnotations } from '../api/get-annotations';
import type { PicturePosition } from '../lib/annotation-position';
import { nextOpenNote } from '../lib/note-review';
import { useNextOpenShortcut } from './use-next-open-shortcut';

type TimeRange = { start: number; end: number };
import { useDrawingEditor } from './use-drawing-editor';

/** What the annotations need of the player (the video viewer's handle provides it). */
export type AnnotationPlayer = {
  seekTo: (seconds: number) => void;
  pause: () => void;
  play: () => void;
  currentTime: () => number;
  reveal: () => void;
  captureFrame: () => Promise<string | null>;
  markedRange: () => TimeRange | null;
  clearRange: () => void;
  loop: (range: TimeRange | null) => void;
};

/** Where and when a new note goes; a range note (marked with I and O) ends at `endTime`. */
export type AnnotationSpot = PicturePosition & { timestamp: number; endTime: number | null };

const toMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Spec §4 Annotation creation: `picking` after Add Annotation (paused, waiting for a click on
 * the picture), `composing` once a spot is picked (the form is open).
 */
export type AnnotationMode = 'idle' | 'picking' | 'composing';

const NO_ANNOTATIONS: Annotation[] = [];

/**
 * A video's annotations and what the page is doing with them: adding one (spec §4) and which
 * one's dialog is open. The viewer's layer, the timeline, the bar under the player, the Notes
 * tab and the dialog all read this one session.
 */
export function useAnnotationSession(videoId: string, player: RefObject<AnnotationPlayer | null>) {
  const query = useAnnotations(videoId);
  const [mode, setMode] = useState<AnnotationMode>('idle');
  const [spot, setSpot] = useState<AnnotationSpot | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  // A reply to bring into view when the dialog opens (a notification's link names it).
  const [focusedReplyId, setFocusedReplyId] = useState<string | null>(null);
  const [previewId, setPreviewId] = useState<string | null>(null);
  // Drawing on the paused picture as part of the new note (issue 16).
  const drawing = useDrawingEditor();
  const [drawingOn, setDrawingOn] = useState(false);
  // Started with Draw, no spot clicked yet: the pin goes on the drawing's first shape.
  const [pinOnDrawing, setPinOnDrawing] = useState(false);
  const annotations = query.data ?? NO_ANNOTATIONS;

  // The time the video is paused at, or the marked range (from its in point to its out point;
  // the picture was sent to the in point).
  const pausedSpot = (position: PicturePosition): AnnotationSpot => {
    const range = player.current?.markedRange() ?? null;
    const time = range?.start ?? player.current?.currentTime() ?? 0;
    return { ...position, timestamp: toMs(time), endTime: range ? toMs(range.end) : null };
  };

  const settle = () => {
    setMode('idle');
    setSpot(null);
    setDrawingOn(false);
    setPinOnDrawing(false);
    drawing.reset();
    player.current?.play();
  };

  /**
   * Spec §2: a marker seeks to its time and opens the dialog. Paused there, so the picture
   * behind the dialog is the moment the note is about.
   */
  const open = (annotation: Pick<Annotation, 'id' | 'timestamp'>, replyId?: string) => {
    player.current?.pause();
    player.current?.seekTo(annotation.timestamp);
    setOpenId(annotation.id);
    setFocusedReplyId(replyId ?? null);
  };

  /** Issue 16: the first open note after now (wrapping), opened; false when none is open. */
  const openNextOpen = () => {
    const next = nextOpenNote(annotations, player.current?.currentTime() ?? 0);
    if (next) open(next);
    return next !== null;
  };
  useNextOpenShortcut(mode === 'idle' ? openNextOpen : null);

  return {
    videoId,
    query,
    annotations,
    mode,
    spot,
    /** The open dialog's annotation; null when none is open or it has just been deleted. */
    openAnnotation: annotations.find((annotation) => annotation.id === openId) ?? null,
    openId,
    /** The reply the dialog brings into view and marks, if it was opened for one. */
    focusedReplyId,
    /** The new note's drawing, drawn on the paused picture while `drawingOn`. */
    drawing,
    drawingOn,
    pinOnDrawing,
    /**
     * Draw: pause and draw on the picture, with the note's form open. Started from nothing,
     * the note is at the paused time and pinned on the drawing; while a spot is being picked
     * or has been, it keeps that spot. Pressed again, the picture takes clicks for the pin.
     */
    toggleDrawing: () => {
      if (drawingOn) {
        setDrawingOn(false);
        return;
      }
      player.current?.pause();
      // The Draw button sits under the player: pressed there (on a phone, or a wide frame
      // under the top bar), the picture to draw on is scrolled partly away. It comes wholly
      // into view, below the top bar, as for Add Annotation's click.
      player.current?.reveal();
      if (mode !== 'composing') {
        const range = player.current?.markedRange() ?? null;
        if (range) player.current?.seekTo(range.start);
        setSpot(pausedSpot({ xPosition: 50, yPosition: 50 }));
        setPinOnDrawing(true);
        setMode('composing');
      }
      setDrawingOn(true);
    },
    /** "Pause here": playback stops exactly on the note's time. */
    stopAt: (seconds: number) => {
      player.current?.pause();
      player.current?.seekTo(seconds);
    },
    /** The frame on screen, for the note's dialog (its still to draw a reply on). */
    captureFrame: () => player.current?.captureFrame() ?? Promise.resolve(null),
    /**
     * Add Annotation: pause and wait for a spot on the picture. With a range marked the note
     * is about that stretch, so the picture goes to its in point: the pin (and any drawing) is
     * placed on the frame where the range starts, and the note's time is that frame.
     */
    start: () => {
      player.current?.pause();
      const range = player.current?.markedRange() ?? null;
      if (range) player.current?.seekTo(range.start);
      // On a phone a tall picture may be scrolled partly away: the click it waits for is on it.
      player.current?.reveal();
      setSpot(null);
      setMode('picking');
    },
    /** Cancel: the form (and any recording in it) goes, playback resumes. */
    cancel: settle,
    /** Created: the form closes and playback resumes in view (the form may have scrolled it away). */
    finish: () => {
      // The marks were for this note: the next one is a single moment unless marked again.
      player.current?.clearRange();
      settle();
      player.current?.reveal();
    },
    /**
     * A spot on the picture: its position and the time the video is paused at, or the marked
     * range (from its in point to its out point; the picture was sent to the in point).
     */
    pick: (position: PicturePosition) => {
      setSpot(pausedSpot(position));
      setPinOnDrawing(false);
      setMode('composing');
    },
    open,
    close: () => setOpenId(null),
    /** Next open note (its button and the N key): seeks to it and opens it. */
    openNextOpen,
    /** A range note's Loop: the dialog closes and its stretch plays over and over. */
    loop: (annotation: Pick<Annotation, 'timestamp' | 'endTime'>) => {
      if (annotation.endTime === null) return;
      setOpenId(null);
      player.current?.loop({ start: annotation.timestamp, end: annotation.endTime });
    },
    /** A note whose drawing shows over the picture while its row in the list is hovered or focused */
    previewId,
    preview: setPreviewId,
  };
}

export type AnnotationSession = ReturnType<typeof useAnnotationSession>;
