import { DRAWING_COLOURS } from '@filmroom/contract';
import type {
  Drawing,
  DrawingColour,
  DrawingPoint,
  DrawingShape,
  DrawingStrokeWidth,
} from '@filmroom/contract';
import { useEffect, useReducer, useRef, useState } from 'react';
import { describeDrawing } from '../lib/drawing-description';
import type { JointNear } from '../lib/drawing-description';
import type { PictureSize } from '../lib/drawing-geometry';
import { EMPTY_HISTORY, drawingHistoryReducer } from '../lib/drawing-history';
import { drawingCommandFor } from '../lib/drawing-tools';
import type { DrawingCommand, DrawingTool } from '../lib/drawing-tools';

/** A shape as a tool makes it; the editor gives it the colour and width in hand. */
export type NewShape = DrawingShape extends infer Shape
  ? Shape extends DrawingShape
    ? Omit<Shape, 'colour' | 'width'>
    : never
  : never;

/**
 * A drawing being made: its shapes with undo/redo, the tool, colour and width in hand, the
 * selected shape, and a label being typed. The toolbar and the surface drawn on share one.
 */
export function useDrawingEditor() {
  const [history, dispatch] = useReducer(drawingHistoryReducer, EMPTY_HISTORY);
  const [tool, setTool] = useState<DrawingTool>('arrow');
  const [colour, setColour] = useState<DrawingColour>(DRAWING_COLOURS[0]);
  const [width, setWidth] = useState<DrawingStrokeWidth>('thin');
  const [selected, setSelected] = useState<number | null>(null);
  const [labelAt, setLabelAt] = useState<DrawingPoint | null>(null);
  // The picture drawn on, for angles and descriptions in its own pixels (set by the surface).
  const pictureSize = useRef<PictureSize>({ width: 16, height: 9 });
  const shapes = history.present;
  const selectedShape = selected === null ? null : (shapes[selected] ?? null);

  const restyle = (style: Partial<Pick<DrawingShape, 'colour' | 'width'>>) => {
    // A selected shape takes the new colour or width, as one undoable step.
    if (selected !== null && selectedShape) {
      dispatch({
        type: 'replace',
        index: selected,
        shape: { ...selectedShape, ...style } as DrawingShape,
      });
    }
  };

  const editor = {
    shapes,
    tool,
    colour,
    width,
    selected: selectedShape ? selected : null,
    labelAt,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    chooseTool: (next: DrawingTool) => {
      setTool(next);
      setLabelAt(null);
      if (next !== 'select') setSelected(null);
    },
    chooseColour: (next: DrawingColour) => {
      setColour(next);
      restyle({ colour: next });
    },
    chooseWidth: (next: DrawingStrokeWidth) => {
      setWidth(next);
      restyle({ width: next });
    },
    add: (shape: NewShape) =>
      dispatch({ type: 'add', shape: { ...shape, colour, width } as DrawingShape }),
    replace: (index: number, shape: DrawingShape) => dispatch({ type: 'replace', index, shape }),
    select: setSelected,
    placeLabel: setLabelAt,
    removeSelected: () => {
      if (selected === null) return;
      dispatch({ type: 'remove', index: selected });
      setSelected(null);
    },
    clear: () => {
      dispatch({ type: 'clear' });
      setSelected(null);
    },
    undo: () => {
      dispatch({ type: 'undo' });
      setSelected(null);
    },
    redo: () => {
      dispatch({ type: 'redo' });
      setSelected(null);
    },
    /** The surface tells the size of the picture it lies on. */
    measure: (size: PictureSize) => {
      if (size.width > 0 && size.height > 0) pictureSize.current = size;
    },
    /** The drawing to save, each shape with its description; null without shapes. */
    describe: (jointNear?: JointNear): Drawing | null =>
      shapes.length === 0 ? null : describeDrawing(shapes, pictureSize.current, jointNear),
    /** A fresh, empty drawing (after a note or reply is sent, or the coach cancels). */
    reset: () => {
      dispatch({ type: 'reset' });
      setSelected(null);
      setLabelAt(null);
      setTool('arrow');
    },
  };
  return editor;
}

export type DrawingEditor = ReturnType<typeof useDrawingEditor>;

/** Runs a shortcut's command; false when it has nothing to do (Esc with no tool in hand). */
function runCommand(editor: DrawingEditor, command: DrawingCommand): boolean {
  switch (command.type) {
    case 'tool':
      editor.chooseTool(command.tool);
      return true;
    case 'undo':
      editor.undo();
      return true;
    case 'redo':
      editor.redo();
      return true;
    case 'delete':
      if (editor.selected === null) return false;
      editor.removeSelected();
      return true;
    case 'leave-tool':
      if (editor.labelAt) editor.placeLabel(null);
      else if (editor.tool !== 'select') editor.chooseTool('select');
      else if (editor.selected !== null) editor.select(null);
      else return false;
      return true;
  }
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select') !== null)
  );
}

/**
 * The drawing shortcuts while `active`. Listened for on the window before anything else sees
 * the key, so the player's own letters (L seeks) and a dialog's Esc wait while a tool is in
 * hand; keys typed into a field stay the field's, except Esc leaving a label being typed.
 * `scope` limits them to keys pressed inside it (or on the page's body).
 */
export function useDrawingShortcuts(
  editor: DrawingEditor,
  active: boolean,
  scope: 'page' | 'dialog',
) {
  const latest = useRef(editor);
  useEffect(() => {
    latest.current = editor;
  });
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const inDialog =
        event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;
      if (inDialog !== (scope === 'dialog')) return;
      const typingLabel =
        event.target instanceof HTMLElement && event.target.dataset.drawingLabel !== undefined;
      if (isTyping(event.target) && !(typingLabel && event.key === 'Escape')) return;
      const command = drawingCommandFor(event);
      if (!command || !runCommand(latest.current, command)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [active, scope]);
}
