import { DRAWING_MAX_SHAPES } from '@filmroom/contract';
import type { DrawingShape } from '@filmroom/contract';

/** The shapes now, and the states before and after for undo and redo. */
export type DrawingHistory = {
  past: DrawingShape[][];
  present: DrawingShape[];
  future: DrawingShape[][];
};

export type DrawingAction =
  | { type: 'add'; shape: DrawingShape }
  | { type: 'replace'; index: number; shape: DrawingShape }
  | { type: 'remove'; index: number }
  | { type: 'clear' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset' };

export const EMPTY_HISTORY: DrawingHistory = { past: [], present: [], future: [] };

/** How many steps undo reaches back; older ones are forgotten. */
const UNDO_DEPTH = 100;

function commit(history: DrawingHistory, present: DrawingShape[]): DrawingHistory {
  return { past: [...history.past, history.present].slice(-UNDO_DEPTH), present, future: [] };
}

/**
 * Undo and redo over a drawing's shapes: every change is one step, a new change after an
 * undo drops the undone steps, and a change that would do nothing is not a step.
 */
export function drawingHistoryReducer(
  history: DrawingHistory,
  action: DrawingAction,
): DrawingHistory {
  switch (action.type) {
    case 'add':
      if (history.present.length >= DRAWING_MAX_SHAPES) return history;
      return commit(history, [...history.present, action.shape]);
    case 'replace': {
      if (!history.present[action.index]) return history;
      return commit(
        history,
        history.present.map((shape, index) => (index === action.index ? action.shape : shape)),
      );
    }
    case 'remove':
      if (!history.present[action.index]) return history;
      return commit(
        history,
        history.present.filter((_, index) => index !== action.index),
      );
    case 'clear':
      return history.present.length === 0 ? history : commit(history, []);
    case 'undo': {
      const previous = history.past.at(-1);
      if (!previous) return history;
      return {
        past: history.past.slice(0, -1),
        present: previous,
        future: [history.present, ...history.future],
      };
    }
    case 'redo': {
      const [next, ...rest] = history.future;
      if (!next) return history;
      return { past: [...history.past, history.present], present: next, future: rest };
    }
    case 'reset':
      return EMPTY_HISTORY;
  }
}
