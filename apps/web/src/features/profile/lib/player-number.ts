/**
 * Spec §5 and §9: a whole number from 0 to 99. The message is the server's (copied, not imported:
 * a value from @filmroom/contract would bundle zod; player-number.test.ts keeps them in step).
 */
export const PLAYER_NUMBER_MESSAGE = 'Player number must be a whole number from 0 to 99';

export type PlayerNumberField =
  { ok: true; playerNumber: number | undefined } | { ok: false; message: string };

/** Reads the Player Number field. Empty is fine and is left out of the payload (spec §5). */
export function parsePlayerNumber(text: string): PlayerNumberField {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, playerNumber: undefined };
  if (!/^\d{1,2}$/.test(trimmed)) return { ok: false, message: PLAYER_NUMBER_MESSAGE };
  return { ok: true, playerNumber: Number(trimmed) };
}
