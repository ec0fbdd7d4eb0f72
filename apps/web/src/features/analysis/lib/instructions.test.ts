import * as contract from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { INSTRUCTIONS_MAX_LENGTH, regenerateBody } from './instructions';

describe('Regenerate instructions', () => {
  it('allows as many characters as the server', () => {
    expect(INSTRUCTIONS_MAX_LENGTH).toBe(contract.INSTRUCTIONS_MAX_LENGTH);
  });

  it('sends the instructions trimmed, and an empty string when there are none', () => {
    expect(regenerateBody('  Focus on knee position between 0:05 and 0:10\n')).toEqual({
      instructions: 'Focus on knee position between 0:05 and 0:10',
    });
    expect(regenerateBody('   ')).toEqual({ instructions: '' });
    expect(contract.regenerateBodySchema.safeParse(regenerateBody('')).success).toBe(true);
  });
});
