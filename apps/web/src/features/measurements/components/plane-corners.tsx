import { MEASURE_PLANE_COLOUR } from '@filmroom/contract';
import { useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { PlaneOutline } from '@/components/plane-outline';
import { nudged } from '../lib/keyboard-nudge';

type Point = { x: number; y: number };

/** Red while the corners are no rectangle (yellow, the contract's, once they are). */
const PROBLEM_COLOUR = '#ff453a';

type PlaneCornersProps = {
  /** Marked so far, in order (percent of the picture). */
  corners: readonly Point[];
  toPixels: (point: Point) => Point;
  toPercent: (event: MouseEvent<Element>) => Point;
  /** Handles can be dragged or moved by keyboard (an editor, on a paused frame). */
  movable: boolean;
  problem: string | null;
  onMove: (index: number, point: Point) => void;
};

/**
 * The rectangle on the ground as marked: its outline over the picture and a numbered handle on
 * each corner, which an editor drags, or focuses and moves with the arrow keys (Shift for
 * bigger steps), to lay it on the court's lines.
 */
export function PlaneCorners({
  corners,
  toPixels,
  toPercent,
  movable,
  problem,
  onMove,
}: PlaneCornersProps) {
  // A corner being dragged follows the pointer; it is set when let go.
  const [dragged, setDragged] = useState<{ index: number; point: Point } | null>(null);
  const shown = corners.map((corner, i) => (dragged?.index === i ? dragged.point : corner));
  const pixels = shown.map(toPixels);
  const colour = problem ? PROBLEM_COLOUR : MEASURE_PLANE_COLOUR;
  const keep = (event: { stopPropagation: () => void }) => event.stopPropagation();

  const onKey = (index: number) => (event: KeyboardEvent<SVGGElement>) => {
    const moved = nudged(shown[index]!, event.key, event.shiftKey);
    if (!moved) return;
    event.preventDefault();
    event.stopPropagation();
    onMove(index, moved);
  };

  return (
    <g data-testid="plane-quad">
      <PlaneOutline corners={pixels} colour={colour} />
      {pixels.map((p, index) => (
        <g
          key={index}
          role={movable ? 'button' : undefined}
          tabIndex={movable ? 0 : undefined}
          aria-label={
            movable
              ? `Corner ${index + 1} of the rectangle: drag it, or move it with the arrow keys`
              : undefined
          }
          data-testid={`plane-corner-${index + 1}`}
          className={
            movable
              ? 'pointer-events-auto cursor-move outline-none [&:focus-visible>circle]:stroke-white'
              : undefined
          }
          onKeyDown={movable ? onKey(index) : undefined}
          onPointerDown={(event) => {
            if (!movable) return;
            keep(event);
            event.currentTarget.setPointerCapture(event.pointerId);
            setDragged({ index, point: toPercent(event) });
          }}
          onPointerMove={(event) => {
            if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
            setDragged({ index, point: toPercent(event) });
          }}
          onPointerUp={(event) => {
            keep(event);
            if (dragged) onMove(dragged.index, dragged.point);
            setDragged(null);
          }}
          onClick={keep}
        >
          <circle cx={p.x} cy={p.y} r={9} fill="rgba(0,0,0,0.45)" stroke={colour} strokeWidth={2} />
          <text
            x={p.x}
            y={p.y + 4}
            textAnchor="middle"
            className="fill-white text-[11px] font-semibold"
            aria-hidden
          >
            {index + 1}
          </text>
        </g>
      ))}
    </g>
  );
}
