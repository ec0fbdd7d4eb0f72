/**
 * The longest title and description the server accepts. The same numbers live in
 * @filmroom/contract, but importing a value from there would bundle zod and every schema into
 * the web app; video-limits.test.ts keeps the two in step.
 */
export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 5000;
