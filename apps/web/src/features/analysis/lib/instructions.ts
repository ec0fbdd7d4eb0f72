/**
 * The longest Regenerate instructions the server accepts. The same number lives in
 * @filmroom/contract (INSTRUCTIONS_MAX_LENGTH); importing a value from there would bundle zod
 * into the web app, so instructions.test.ts keeps the two in step.
 */
export const INSTRUCTIONS_MAX_LENGTH = 2000;

/** What the Regenerate dialog sends: the instructions trimmed ("" asks for the plain analysis). */
export function regenerateBody(instructions: string): { instructions: string } {
  return { instructions: instructions.trim() };
}
