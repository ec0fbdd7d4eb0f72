import { describe, expect, it } from 'vitest';
import { movedItem } from './playlist-order';

describe('movedItem', () => {
  it('moves one id and keeps the others in order', () => {
    expect(movedItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(movedItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
  });

  it('is null for a move that moves nothing or leaves the list', () => {
    expect(movedItem(['a', 'b'], 1, 1)).toBeNull();
    expect(movedItem(['a', 'b'], 0, 2)).toBeNull();
    expect(movedItem(['a', 'b'], -1, 0)).toBeNull();
  });
});
