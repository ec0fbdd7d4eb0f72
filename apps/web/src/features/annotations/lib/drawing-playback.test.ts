import type { Drawing } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { drawingsShownAt, pauseHereReached } from './drawing-playback';

const drawing: Drawing = {
  shapes: [
    { kind: 'line', colour: '#ffffff', width: 'thin', from: { x: 0, y: 0 }, to: { x: 9, y: 9 } },
  ],
};
const note = (id: string, timestamp: number, extra: object = {}) => ({
  id,
  timestamp,
  drawing,
  displaySeconds: 3,
  pauseHere: false,
  ...extra,
});

describe('drawingsShownAt', () => {
  const notes = [
    note('a', 2),
    note('b', 10, { displaySeconds: 0.5 }),
    note('c', 4, { drawing: null }),
  ];

  it('shows a drawing from its time for its display time', () => {
    expect(drawingsShownAt(notes, 1.9).map((n) => n.id)).toEqual([]);
    expect(drawingsShownAt(notes, 4.9).map((n) => n.id)).toEqual(['a']);
    expect(drawingsShownAt(notes, 5).map((n) => n.id)).toEqual([]);
    expect(drawingsShownAt(notes, 10.6).map((n) => n.id)).toEqual([]);
  });

  it('also shows the open or previewed note, wherever playback is', () => {
    expect(drawingsShownAt(notes, 30, ['b', null]).map((n) => n.id)).toEqual(['b']);
    expect(drawingsShownAt(notes, 30, ['c']).map((n) => n.id)).toEqual([]);
  });
});

describe('pauseHereReached', () => {
  const notes = [note('stop', 5, { pauseHere: true }), note('go', 4)];

  it('stops when playing passes the note’s time', () => {
    expect(pauseHereReached(notes, 4.8, 5.05)?.id).toBe('stop');
    expect(pauseHereReached(notes, 4.8, 5)?.id).toBe('stop');
  });

  it('does not stop again once put back on the note, nor on a seek across it', () => {
    expect(pauseHereReached(notes, 5, 5.25)).toBeNull();
    expect(pauseHereReached(notes, 1, 20)).toBeNull();
    expect(pauseHereReached(notes, 6, 5)).toBeNull();
  });
});
