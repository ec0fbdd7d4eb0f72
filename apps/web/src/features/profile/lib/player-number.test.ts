import * as contract from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { parsePlayerNumber, PLAYER_NUMBER_MESSAGE } from './player-number';

describe('parsePlayerNumber', () => {
  it('reads 0 to 99', () => {
    expect(parsePlayerNumber('0')).toEqual({ ok: true, playerNumber: 0 });
    expect(parsePlayerNumber(' 07 ')).toEqual({ ok: true, playerNumber: 7 });
    expect(parsePlayerNumber('99')).toEqual({ ok: true, playerNumber: 99 });
  });

  it('leaves an empty field out', () => {
    expect(parsePlayerNumber('  ')).toEqual({ ok: true, playerNumber: undefined });
  });

  it('refuses anything else with the server message', () => {
    for (const text of ['100', '-1', '7.5', '1e1', 'ten', '+7']) {
      expect(parsePlayerNumber(text)).toEqual({ ok: false, message: PLAYER_NUMBER_MESSAGE });
    }
  });

  it('agrees with the server contract', () => {
    expect(PLAYER_NUMBER_MESSAGE).toBe(contract.PLAYER_NUMBER_MESSAGE);
    for (const text of ['0', '42', '99']) {
      const parsed = parsePlayerNumber(text);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) {
        expect(
          contract.updateProfileBodySchema.safeParse({ playerNumber: parsed.playerNumber }).success,
        ).toBe(true);
      }
    }
    expect(contract.updateProfileBodySchema.safeParse({ playerNumber: 100 }).success).toBe(false);
  });
});
