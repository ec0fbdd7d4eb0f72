/**
 * Height in whole centimetres, 50 to 250 (issue 32: it calibrates measurements on the body).
 * The message and limits are the server's (copied, not imported: a value from
 * @filmroom/contract would bundle zod; height.test.ts keeps them in step).
 */
export const HEIGHT_MIN_CM = 50;
export const HEIGHT_MAX_CM = 250;
export const HEIGHT_MESSAGE = `Height must be a whole number of centimetres from ${HEIGHT_MIN_CM} to ${HEIGHT_MAX_CM}`;

export type HeightField = { ok: true; heightCm: number | null } | { ok: false; message: string };

/** Reads a Height (cm) field. Empty clears the height. */
export function parseHeightCm(text: string): HeightField {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, heightCm: null };
  if (!/^\d{2,3}$/.test(trimmed)) return { ok: false, message: HEIGHT_MESSAGE };
  const heightCm = Number(trimmed);
  return heightCm >= HEIGHT_MIN_CM && heightCm <= HEIGHT_MAX_CM
    ? { ok: true, heightCm }
    : { ok: false, message: HEIGHT_MESSAGE };
}
