import * as contract from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { ACCESS_LEVEL_OPTIONS, DEFAULT_ACCESS_LEVEL, isAccessLevel } from './access-level';

describe('access levels', () => {
  it('are the server contract levels, view first and by default', () => {
    expect(ACCESS_LEVEL_OPTIONS.map((option) => option.value)).toEqual(
      contract.accessLevelSchema.options,
    );
    expect(DEFAULT_ACCESS_LEVEL).toBe('view');
    expect(contract.shareVideoBodySchema.parse({ email: 'a@b.co' }).accessLevel).toBe(
      DEFAULT_ACCESS_LEVEL,
    );
  });

  it('recognises only view and edit', () => {
    expect(isAccessLevel('edit')).toBe(true);
    expect(isAccessLevel('owner')).toBe(false);
  });
});
