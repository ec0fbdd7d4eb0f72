import { angleDegrees, DRAWING_MAX_PEN_POINTS, DRAWING_TEXT_MAX_LENGTH } from '@filmroom/contract';
import type { DrawingPoint, DrawingShape } from '@filmroom/contract';
import { useEffect, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { cn } from '@/lib/utils';
import { moveShape, percentToPixels, pointerToPercent } from '../lib/drawing-geometry';
import { hitTest, isDeliberate, labelFontSize } from '../lib/drawing-hit-test';
import { AngleReading, DrawingShapes } from './drawing-shapes';
import type { DrawingEditor, NewShape } from './use-drawing-editor';

/** Where the picture is inside the surface's parent, in pixels. */
type PictureRect = { x: number; y: number; width: number; height: number };

/** What a press in progress is making. */
type Draft =
  | { type: 'box'; tool: BoxTool; from: DrawingPoint; to: DrawingPoint }
  | { type: 'pen'; tool: 'pen'; points: DrawingPoint[] }
  // The first drag runs from one end to the vertex; then the last arm follows the pointer.
  | {
      type: 'angle';
      tool: 'angle';
      start: DrawingPoint;
      vertex: DrawingPoint;
      end: DrawingPoint | null;
    }
  | { type: 'move'; tool: 'select'; index: number; start: DrawingPoint; shape: DrawingShape };

type BoxTool = 'arrow' | 'line' | 'ellipse' | 'rectangle' | 'spotlight';

/** Pen points closer than this (percent) to the last add nothing but weight. */
const PEN_STEP = 0.4;

function draftShape(draft: Draft | null): NewShape | null {
  if (!draft) return null;
  switch (draft.type) {
    case 'box':
      return { kind: draft.tool, from: draft.from, to: draft.to };
    case 'pen':
      return draft.points.length > 1 ? { kind: 'pen', points: draft.points } : null;
    case 'angle':
      return { kind: 'angle', points: [draft.start, draft.vertex, draft.end ?? draft.vertex] };
    case 'move':
      return null;
  }
}

/**
 * The surface a drawing is made on, laid exactly over the picture (a paused video's frame or
 * a still), so every point is stored as percent of the frame. Pointer events, so a mouse, a
 * pen and a finger all draw; a press picks, a drag draws or moves.
 */
export function DrawingCanvas({
  editor,
  picture,
  className,
}: {
  editor: DrawingEditor;
  picture: PictureRect;
  className?: string;
}) {
  const [current, setDraft] = useState<Draft | null>(null);
  const [moveTo, setMoveTo] = useState<DrawingPoint | null>(null);
  // A tool change (a shortcut, Esc) drops what the old tool was making.
  const draft = current && current.tool === editor.tool ? current : null;
  const size = { width: picture.width, height: picture.height };
  const { measure } = editor;
  useEffect(
    () => measure({ width: picture.width, height: picture.height }),
    [measure, picture.width, picture.height],
  );

  const toPercent = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return pointerToPercent(
      { x: event.clientX - box.left, y: event.clientY - box.top },
      { width: box.width, height: box.height },
    );
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = toPercent(event);
    const tool = editor.tool;
    if (draft?.type === 'angle' && draft.end) {
      setDraft({ ...draft, end: point });
      return;
    }
    if (tool === 'select') {
      const index = hitTest(editor.shapes, point, size);
      editor.select(index);
      const shape = index === null ? undefined : editor.shapes[index];
      if (index !== null && shape) setDraft({ type: 'move', tool, index, start: point, shape });
      return;
    }
    if (tool === 'text') {
      editor.placeLabel(point);
      return;
    }
    if (tool === 'pen') setDraft({ type: 'pen', tool, points: [point] });
    else if (tool === 'angle')
      setDraft({ type: 'angle', tool, start: point, vertex: point, end: null });
    else setDraft({ type: 'box', tool, from: point, to: point });
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft) return;
    const point = toPercent(event);
    switch (draft.type) {
      case 'box':
        setDraft({ ...draft, to: point });
        return;
      case 'pen': {
        const last = draft.points[draft.points.length - 1] ?? point;
        const far = Math.hypot(point.x - last.x, point.y - last.y) >= PEN_STEP;
        if (far && draft.points.length < DRAWING_MAX_PEN_POINTS) {
          setDraft({ ...draft, points: [...draft.points, point] });
        }
        return;
      }
      case 'angle':
        // A mouse moves the last arm hovering, a finger by dragging: both until released.
        setDraft(draft.end ? { ...draft, end: point } : { ...draft, vertex: point });
        return;
      case 'move':
        // Shown live; one undoable step once released.
        setMoveTo(point);
        return;
    }
  };

  const moved =
    draft?.type === 'move' && moveTo
      ? moveShape(draft.shape, moveTo.x - draft.start.x, moveTo.y - draft.start.y)
      : null;

  const onPointerUp = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft) return;
    const point = toPercent(event);
    setDraft(null);
    switch (draft.type) {
      case 'move':
        if (moved) editor.replace(draft.index, moved);
        setMoveTo(null);
        return;
      case 'angle':
        if (!draft.end) {
          // Released at the vertex: now the last arm.
          if (isDeliberate(draft.start, point, size))
            setDraft({ ...draft, vertex: point, end: point });
        } else if (isDeliberate(draft.vertex, point, size)) {
          editor.add({ kind: 'angle', points: [draft.start, draft.vertex, point] });
        }
        return;
      case 'pen': {
        const shape = draftShape(draft);
        if (shape) editor.add(shape);
        return;
      }
      case 'box':
        if (isDeliberate(draft.from, point, size))
          editor.add({ kind: draft.tool, from: draft.from, to: point });
        return;
    }
  };

  const shown =
    moved && draft?.type === 'move'
      ? editor.shapes.map((shape, index) => (index === draft.index ? moved : shape))
      : editor.shapes;
  const preview = draftShape(draft);
  const angleArms =
    draft?.type === 'angle' && draft.end ? ([draft.start, draft.vertex, draft.end] as const) : null;
  const liveAngle = angleArms ? angleDegrees(angleArms, size) : null;

  return (
    <div
      className={cn('absolute', className)}
      style={{ left: picture.x, top: picture.y, width: picture.width, height: picture.height }}
    >
      <svg
        data-testid="drawing-canvas"
        aria-hidden
        width={picture.width}
        height={picture.height}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDraft(null)}
        className={cn(
          'absolute inset-0 touch-none select-none',
          editor.tool === 'select' ? 'cursor-default' : 'cursor-crosshair',
        )}
      >
        <DrawingShapes shapes={shown} size={size} selected={editor.selected} />
        {preview ? (
          <g opacity={0.9}>
            <DrawingShapes
              shapes={[{ ...preview, colour: editor.colour, width: editor.width } as DrawingShape]}
              size={size}
            />
          </g>
        ) : null}
        {angleArms ? (
          <AngleReading points={angleArms} size={size} testId="drawing-live-angle" />
        ) : null}
      </svg>
      <p role="status" className="sr-only">
        {liveAngle === null ? '' : `Angle ${liveAngle}°`}
      </p>
      {editor.labelAt ? <LabelInput editor={editor} size={size} at={editor.labelAt} /> : null}
    </div>
  );
}

/** Where a label is typed: Enter (or leaving the field) places it, Esc drops it. */
function LabelInput({
  editor,
  size,
  at,
}: {
  editor: DrawingEditor;
  size: { width: number; height: number };
  at: DrawingPoint;
}) {
  const [text, setText] = useState('');
  // Enter places the label and removes the field, which may then report a blur as well.
  const placed = useRef(false);
  const pixel = percentToPixels(at, size);
  const place = () => {
    if (placed.current) return;
    placed.current = true;
    const words = text.trim();
    if (words) editor.add({ kind: 'text', at, text: words });
    editor.placeLabel(null);
  };
  return (
    <input
      // Focused as it appears: the coach clicked here to type.
      autoFocus
      data-drawing-label=""
      aria-label="Label text (Enter places it)"
      maxLength={DRAWING_TEXT_MAX_LENGTH}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          place();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          editor.placeLabel(null);
        }
      }}
      onBlur={place}
      className="absolute z-10 min-w-32 rounded border-2 border-signal bg-black/75 px-1.5 py-0.5 font-bold text-white outline-none"
      style={{ left: pixel.x, top: pixel.y, fontSize: labelFontSize(size) * 0.8 }}
    />
  );
}
