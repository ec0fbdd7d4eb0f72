import type { Annotation } from '@filmroom/contract';
import { useState } from 'react';
import type { RefObject } from 'react';
import { useAnnotations } from '../api/get-annotations';
import type { PicturePosition } from '../lib/annotation-position';

/** What the annotations need of the player (the video viewer's handle provides it). */
export type AnnotationPlayer = {
  seekTo: (seconds: number) => void;
  pause: () => void;
  play: () => void;
  currentTime: () => number;
  reveal: () => void;
  captureFrame: () => Promise<string | null>;
};

/** Where and when a new note goes. */
export type AnnotationSpot = PicturePosition & { timestamp: number };

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
  const annotations = query.data ?? NO_ANNOTATIONS;

  const settle = () => {
    setMode('idle');
    setSpot(null);
    player.current?.play();
  };

  return {
    videoId,
    query,
    annotations,
    mode,
    spot,
    /** The open dialog's annotation; null when none is open or it has just been deleted. */
    openAnnotation: annotations.find((annotation) => annotation.id === openId) ?? null,
    openId,
    /** Add Annotation: pause and wait for a spot on the picture. */
    start: () => {
      player.current?.pause();
      setSpot(null);
      setMode('picking');
    },
    /** Cancel: the form (and any recording in it) goes, playback resumes. */
    cancel: settle,
    /** Created: the form closes and playback resumes in view (the form may have scrolled it away). */
    finish: () => {
      settle();
      player.current?.reveal();
    },
    /** A spot on the picture: its position and the time the video is paused at. */
    pick: (position: PicturePosition) => {
      const time = player.current?.currentTime() ?? 0;
      setSpot({ ...position, timestamp: Math.round(time * 1000) / 1000 });
      setMode('composing');
    },
    /**
     * Spec §2: a marker seeks to its time and opens the dialog. Paused there, so the picture
     * behind the dialog is the moment the note is about.
     */
    open: (annotation: Pick<Annotation, 'id' | 'timestamp'>) => {
      player.current?.pause();
      player.current?.seekTo(annotation.timestamp);
      setOpenId(annotation.id);
    },
    close: () => setOpenId(null),
  };
}

export type AnnotationSession = ReturnType<typeof useAnnotationSession>;
