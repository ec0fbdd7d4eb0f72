import { DRAWING_MAX_SHAPES } from '@filmroom/contract';
import type { DrawingShape } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, drawingHistoryReducer } from './drawing-history';
import type { DrawingAction, DrawingHistory } from './drawing-history';

const shape = (x: number): DrawingShape => ({
  kind: 'line',
  colour: '#ffffff',
  width: 'thick',
  from: { x, y: 0 },
  to: { x, y: 50 },
});

const run = (actions: DrawingAction[], from: DrawingHistory = EMPTY_HISTORY) =>
  actions.reduce(drawingHistoryReducer, from);

describe('drawingHistoryReducer', () => {
  it('undoes and redoes each change in turn', () => {
    const drawn = run([
      { type: 'add', shape: shape(1) },
      { type: 'add', shape: shape(2) },
    ]);
    expect(drawn.present).toEqual([shape(1), shape(2)]);
    const undone = run([{ type: 'undo' }], drawn);
    expect(undone.present).toEqual([shape(1)]);
    expect(run([{ type: 'redo' }], undone).present).toEqual([shape(1), shape(2)]);
  });

  it('drops the undone steps when something new is drawn', () => {
    const history = run([
      { type: 'add', shape: shape(1) },
      { type: 'undo' },
      { type: 'add', shape: shape(3) },
      { type: 'redo' },
    ]);
    expect(history.present).toEqual([shape(3)]);
    expect(history.future).toEqual([]);
  });

  it('moves, removes and clears as single undoable steps', () => {
    const history = run([
      { type: 'add', shape: shape(1) },
      { type: 'add', shape: shape(2) },
      { type: 'replace', index: 0, shape: shape(9) },
      { type: 'remove', index: 1 },
    ]);
    expect(history.present).toEqual([shape(9)]);
    const cleared = run([{ type: 'clear' }], history);
    expect(cleared.present).toEqual([]);
    expect(run([{ type: 'undo' }], cleared).present).toEqual([shape(9)]);
  });

  it('makes no step of what changes nothing, and stops at the most shapes a drawing holds', () => {
    expect(run([{ type: 'undo' }, { type: 'clear' }, { type: 'remove', index: 3 }])).toBe(
      EMPTY_HISTORY,
    );
    const full = run(
      Array.from({ length: DRAWING_MAX_SHAPES + 2 }, (_, index) => ({
        type: 'add' as const,
        shape: shape(index),
      })),
    );
    expect(full.present).toHaveLength(DRAWING_MAX_SHAPES);
  });
});
