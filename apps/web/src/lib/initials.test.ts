import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first and last word', () => {
    expect(initialsOf('Alex de la Cruz')).toBe('AC');
  });
  it('takes one letter from a single name', () => {
    expect(initialsOf('  pelé ')).toBe('P');
  });
  it('says ? for a blank name', () => {
    expect(initialsOf('   ')).toBe('?');
  });
});
