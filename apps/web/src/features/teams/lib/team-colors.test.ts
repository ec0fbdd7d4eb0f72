import { describe, expect, it } from 'vitest';
import { teamColorName } from './team-colors';

describe('teamColorName', () => {
  it('names our colours and shows any other by its code', () => {
    expect(teamColorName('#1d4ed8')).toBe('Blue');
    expect(teamColorName('#123456')).toBe('#123456');
  });
});
