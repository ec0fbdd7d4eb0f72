import { clock } from '../units';

/**
 * How the chat writes measured numbers: the same roundings as the written analysis, so an
 * answer and the analysis never disagree, and the grounding check knows every form.
 */
export const degrees = (value: number) => `${Math.round(value)}°`;
export const seconds = (value: number) => `${value.toFixed(1)} s`;
export const percent = (share: number) => `${Math.round(share * 100)} %`;
export const plural = (count: number, word: string, many = `${word}s`) =>
  `${count} ${count === 1 ? word : many}`;
export { clock };

/** "a, b and c". */
export function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
