import { describe, expect, it } from 'vitest';
import { filterNotes, formatNoteTime, nextOpenNote, noteFilterCounts } from './note-review';

const note = (id: string, timestamp: number, resolved = false) => ({
  id,
  timestamp,
  createdAt: `2026-01-01T00:00:0${id}Z`,
  resolvedAt: resolved ? '2026-01-02T00:00:00Z' : null,
});

const notes = [note('1', 8), note('2', 2, true), note('3', 5), note('4', 12, true)];

describe('filterNotes and noteFilterCounts', () => {
  it('splits open from resolved', () => {
    expect(filterNotes(notes, 'open').map((n) => n.id)).toEqual(['1', '3']);
    expect(filterNotes(notes, 'resolved').map((n) => n.id)).toEqual(['2', '4']);
    expect(filterNotes(notes, 'all')).toHaveLength(4);
  });

  it('counts each filter', () => {
    expect(noteFilterCounts(notes)).toEqual({ all: 4, open: 2, resolved: 2 });
    expect(noteFilterCounts([])).toEqual({ all: 0, open: 0, resolved: 0 });
  });
});

describe('nextOpenNote', () => {
  it('picks the first open note after the playback time, skipping resolved ones', () => {
    expect(nextOpenNote(notes, 0)?.id).toBe('3');
    expect(nextOpenNote(notes, 6)?.id).toBe('1');
  });

  it('moves on from the note it is paused on', () => {
    expect(nextOpenNote(notes, 5.02)?.id).toBe('1');
  });

  it('wraps to the first open note after the last', () => {
    expect(nextOpenNote(notes, 9)?.id).toBe('3');
  });

  it('is null when every note is resolved', () => {
    expect(nextOpenNote([note('2', 2, true)], 0)).toBeNull();
  });
});

describe('formatNoteTime', () => {
  it('shows a moment or a range', () => {
    expect(formatNoteTime({ timestamp: 12.4 })).toBe('00:00:12');
    expect(formatNoteTime({ timestamp: 12.4, endTime: null })).toBe('00:00:12');
    expect(formatNoteTime({ timestamp: 12.4, endTime: 18.9 })).toBe('00:00:12 to 00:00:18');
  });
});
