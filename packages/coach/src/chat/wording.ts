/**
 * How the chat writes moments and counts. Measured values are never formatted here: answers
 * quote each metric record's own `text`, the same words the analysis prints.
 */

/**
 * A moment of the video as m:ss.d (the formatter the web's chips use too), and a clip's length
 * as m:ss. The web turns m:ss(.d) in the coach's text into links that seek the video.
 */
export { clipLength, clock } from '../units';

export const percent = (share: number) => `${Math.round(share * 100)} %`;
export const plural = (count: number, word: string, many = `${word}s`) =>
  `${count} ${count === 1 ? word : many}`;

/** "a, b and c". */
export function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const lowerFirst = (text: string) =>
  // "Impact" → "impact", but an acronym or a name stays as written ("ACL", "Alex").
  /^[A-Z][a-z]/.test(text) && !/^[A-Z][a-z]+ [A-Z]/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;

/** "at impact", "at the bottom", "at the top of the backswing": a key moment after "at". */
export function atMoment(label: string): string {
  const moment = lowerFirst(label);
  return /^(top|bottom|finish|end|start|peak|release|set ?point|moment|dip|hold|trophy)\b/.test(
    moment,
  )
    ? `at the ${moment}`
    : `at ${moment}`;
}
