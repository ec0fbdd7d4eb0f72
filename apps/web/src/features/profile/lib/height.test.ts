import * as contract from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { HEIGHT_MAX_CM, HEIGHT_MESSAGE, HEIGHT_MIN_CM, parseHeightCm } from './height';

describe('parseHeightCm', () => {
  it('reads whole centimetres from 50 to 250', () => {
    expect(parseHeightCm('50')).toEqual({ ok: true, heightCm: 50 });
    expect(parseHeightCm(' 183 ')).toEqual({ ok: true, heightCm: 183 });
    expect(parseHeightCm('250')).toEqual({ ok: true, heightCm: 250 });
  });

  it('clears the height for an empty field', () => {
    expect(parseHeightCm('  ')).toEqual({ ok: true, heightCm: null });
  });

  it('refuses anything else with the server message', () => {
    // Metres, millimetres, feet and decimals are all mistakes worth a word.
    for (const text of ['1.83', '1830', '49', '251', '183.5', '6ft', '-180', 'tall']) {
      expect(parseHeightCm(text)).toEqual({ ok: false, message: HEIGHT_MESSAGE });
    }
  });

  it('agrees with the server contract', () => {
    expect(HEIGHT_MESSAGE).toBe(contract.HEIGHT_MESSAGE);
    expect([HEIGHT_MIN_CM, HEIGHT_MAX_CM]).toEqual([
      contract.HEIGHT_MIN_CM,
      contract.HEIGHT_MAX_CM,
    ]);
    for (const heightCm of [HEIGHT_MIN_CM, 183, HEIGHT_MAX_CM]) {
      expect(contract.updateProfileBodySchema.safeParse({ heightCm }).success).toBe(true);
    }
    for (const heightCm of [HEIGHT_MIN_CM - 1, HEIGHT_MAX_CM + 1]) {
      expect(contract.updateProfileBodySchema.safeParse({ heightCm }).success).toBe(false);
    }
  });
});
