/**
 * The guard that keeps the coach's words on the measurements: a text may only write numbers
 * its sources wrote. Used on the narrator's rewording and on chat answers alike.
 */

/** Every number written in a text, normalised ("90.0" and "90" are the same number). */
export function numbersIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\d+(?:\.\d+)?/g)].map((match) => normalNumber(match[0])));
}

/** A number as the guard compares it: "02", "2.0" and 2 are all "2". */
const normalNumber = (value: number | string) => String(Number(value));

// Counting words a coach uses freely ("2 things", "rep 1") are not measurements.
const isSmallCount = (number: string) => Number.isInteger(Number(number)) && Number(number) <= 3;

/** The numbers `text` writes that are not in `allowed` (small counts aside): invented ones. */
export function inventedNumbers(text: string, allowed: Set<string>): string[] {
  return [...numbersIn(text)].filter((n) => !allowed.has(n) && !isSmallCount(n));
}
