import type { DrawingShapeKind } from '@filmroom/contract';

/** Select picks, moves and deletes shapes; every other tool draws its kind of shape. */
export type DrawingTool = DrawingShapeKind | 'select';

export const DRAWING_TOOLS: readonly { tool: DrawingTool; label: string; key: string }[] = [
  { tool: 'select', label: 'Select and move', key: 'V' },
  { tool: 'arrow', label: 'Arrow', key: 'A' },
  { tool: 'line', label: 'Line', key: 'L' },
  { tool: 'ellipse', label: 'Circle', key: 'E' },
  { tool: 'rectangle', label: 'Rectangle', key: 'R' },
  { tool: 'pen', label: 'Pen', key: 'P' },
  { tool: 'text', label: 'Text label', key: 'T' },
  { tool: 'angle', label: 'Angle', key: 'G' },
  { tool: 'spotlight', label: 'Spotlight', key: 'S' },
];

export type DrawingCommand =
  | { type: 'tool'; tool: DrawingTool }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'delete' }
  | { type: 'leave-tool' };

type Keys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/**
 * What a key does while drawing: a tool's letter picks it, Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z
 * (or Ctrl+Y) redoes, Delete or Backspace removes the selected shape, Esc leaves the tool.
 */
export function drawingCommandFor(event: Keys): DrawingCommand | null {
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (command && !event.altKey) {
    if (key === 'z') return event.shiftKey ? { type: 'redo' } : { type: 'undo' };
    if (key === 'y' && !event.shiftKey) return { type: 'redo' };
    return null;
  }
  if (event.altKey) return null;
  if (event.key === 'Delete' || event.key === 'Backspace') return { type: 'delete' };
  if (event.key === 'Escape') return { type: 'leave-tool' };
  if (event.shiftKey) return null;
  const match = DRAWING_TOOLS.find((entry) => entry.key.toLowerCase() === key);
  return match ? { type: 'tool', tool: match.tool } : null;
}
