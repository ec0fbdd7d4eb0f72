import * as contract from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from './video-limits';

describe('video limits', () => {
  it('match the server contract', () => {
    expect(TITLE_MAX_LENGTH).toBe(contract.TITLE_MAX_LENGTH);
    expect(DESCRIPTION_MAX_LENGTH).toBe(contract.DESCRIPTION_MAX_LENGTH);
  });
});
