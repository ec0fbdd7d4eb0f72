import { describe, expect, it } from 'vitest';
import { drawingCommandFor } from './drawing-tools';

const key = (value: string, extra: Partial<KeyboardEvent> = {}) => ({
  key: value,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...extra,
});

describe('drawingCommandFor', () => {
  it('picks a tool by its letter, either case', () => {
    expect(drawingCommandFor(key('a'))).toEqual({ type: 'tool', tool: 'arrow' });
    expect(drawingCommandFor(key('G'))).toEqual({ type: 'tool', tool: 'angle' });
    expect(drawingCommandFor(key('x'))).toBeNull();
  });

  it('undoes with Ctrl or Cmd+Z and redoes with Shift too', () => {
    expect(drawingCommandFor(key('z', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(drawingCommandFor(key('Z', { metaKey: true, shiftKey: true }))).toEqual({
      type: 'redo',
    });
    // Ctrl+A is the browser's select-all, not the arrow.
    expect(drawingCommandFor(key('a', { ctrlKey: true }))).toBeNull();
  });

  it('deletes the selection and leaves the tool with Esc', () => {
    expect(drawingCommandFor(key('Delete'))).toEqual({ type: 'delete' });
    expect(drawingCommandFor(key('Escape'))).toEqual({ type: 'leave-tool' });
  });
});
