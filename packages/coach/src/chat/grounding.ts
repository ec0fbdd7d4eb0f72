import { inventedNumbers, normalNumber, numbersIn } from '../grounding';
import { THRESHOLDS } from '../thresholds';
import type { ChatContext } from './context';

/**
 * Every number a chat answer may write: the numbers in the context and in THRESHOLDS (the
 * targets), each also in the forms the coach writes it (whole, to one or two decimals, a share
 * as a percentage, a moment as m:ss), and the size of every list (how many reps, notes...).
 * Each form applies only where it fits, so the set stays a tight check: m:ss only for moments,
 * percentages only for shares.
 */
export function groundedNumbers(context: ChatContext, question = ''): Set<string> {
  const found: Found[] = [];
  collect({ context, THRESHOLDS }, '', found);
  const allowed = numbersIn(question);
  for (const { value, moment } of found) {
    const forms: (number | string)[] = [
      value,
      Math.round(value),
      value.toFixed(1),
      value.toFixed(2),
    ];
    if (value <= 1) forms.push(Math.round(value * 100), (value * 100).toFixed(1));
    if (moment) forms.push(Math.floor(value / 60), Math.floor(value % 60));
    for (const form of forms) allowed.add(normalNumber(form));
  }
  return allowed;
}

/**
 * The numbers in a chat answer that the context does not hold: invented ones. Empty for a
 * grounded answer. The numbers of the question itself may be repeated back.
 */
export function ungroundedNumbers(context: ChatContext, answer: string, question = ''): string[] {
  return inventedNumbers(answer, groundedNumbers(context, question));
}

type Found = { value: number; moment: boolean };

// Fields holding a moment of the video, in seconds (the contract's and the metrics' names).
const MOMENT_FIELDS = new Set([
  'timestamp',
  'duration',
  't',
  'start',
  'end',
  'bottom',
  'takeOff',
  'peak',
  'landing',
  'landingKneeAt',
  'swayAt',
  'seenSeconds',
]);

function collect(value: unknown, key: string, into: Found[]): void {
  if (typeof value === 'number') {
    if (Number.isFinite(value))
      into.push({ value: Math.abs(value), moment: MOMENT_FIELDS.has(key) });
  } else if (typeof value === 'string') {
    for (const n of numbersIn(value)) into.push({ value: Number(n), moment: false });
  } else if (Array.isArray(value)) {
    into.push({ value: value.length, moment: false });
    // A key metric sample is [moment, value].
    value.forEach((item, index) =>
      collect(
        item,
        key === 'sample' && index === 0 ? 't' : key === 'samples' ? 'sample' : '',
        into,
      ),
    );
  } else if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) {
      // Where guides are drawn on the picture is no measurement to quote.
      if (name !== 'visualGuides') collect(item, name, into);
    }
  }
}
