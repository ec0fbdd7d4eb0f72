import { REACTIONS } from '@filmroom/contract/values';
import { describe, expect, it } from 'vitest';
import { REACTION_NAMES } from './reactions';

describe('reactions', () => {
  it('each have a name', () => {
    expect(Object.keys(REACTION_NAMES).sort()).toEqual([...REACTIONS].sort());
  });
});
