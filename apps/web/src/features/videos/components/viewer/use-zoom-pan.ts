import { useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { canPan, clampPan, NO_PAN, stepZoom, ZOOM_MIN } from '@/lib/zoom';
import type { Pan, Size } from '@/lib/zoom';

type Drag = { pointerId: number; startX: number; startY: number; from: Pan };

/** Zoom steps and drag-to-pan (only above 100%, clamped to the zoomed edges; spec §4). */
export function useZoomPan(frame: Size) {
  const [zoom, setZoom] = useState(ZOOM_MIN);
  const [requestedPan, setRequestedPan] = useState<Pan>(NO_PAN);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);
  // Clamped on every render, so a smaller frame (rotation) or a step out never shows a gap.
  const pan = clampPan(requestedPan, zoom, frame);

  const zoomBy = (direction: 'in' | 'out') => {
    const next = stepZoom(zoom, direction);
    setZoom(next);
    setRequestedPan((current) => clampPan(current, next, frame));
  };

  const stageHandlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (!canPan(zoom) || event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        from: pan,
      };
      setDragging(true);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      setRequestedPan(
        clampPan(
          {
            x: current.from.x + event.clientX - current.startX,
            y: current.from.y + event.clientY - current.startY,
          },
          zoom,
          frame,
        ),
      );
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (drag.current?.pointerId !== event.pointerId) return;
      drag.current = null;
      setDragging(false);
    },
    onPointerCancel: () => {
      drag.current = null;
      setDragging(false);
    },
  };

  return {
    zoom,
    pan,
    dragging,
    zoomIn: () => zoomBy('in'),
    zoomOut: () => zoomBy('out'),
    stageHandlers,
  };
}
