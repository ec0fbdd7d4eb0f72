import type { ChatContext } from './context';
import { guideOf } from './readings';

/**
 * The numbers a chat answer may write, for the guard that keeps answers (the built-in coach's
 * and a language model's) on the measurements:
 * - the metric records' own words (their text, name and target): one number, one source;
 * - moments: the records', the key events' and the coaching points' times, the clip's length,
 *   the notes' and detections' times, as m:ss or m:ss.d (and as seconds);
 * - the key events' labels ("Bottom of rep 2"), how many times each was found, the
 *   repetitions each reading counted, and the athletes' numbers ("Athlete 2");
 * - the coaching points' words, which quote the records;
 * - the movement's own words for its faults (cues, drills): fixed catalogue text;
 * - what people wrote or the detector read: notes, shirt numbers, confidences as percentages;
 * - the question's own numbers, which may be repeated back.
 * A record's raw value, the chart's samples and anything else are not in it.
 */
export function groundedNumbers(context: ChatContext, question = ''): Set<string> {
  const allowed = numbersIn(question);
  const words = (text: string | null | undefined) => {
    for (const n of numbersIn(text ?? '')) allowed.add(n);
  };
  const moment = (seconds: number) => {
    for (const form of momentForms(seconds)) allowed.add(form);
  };
  const count = (n: number) => allowed.add(normalNumber(n));
  const share = (value: number) => count(Math.round(value * 100));

  moment(context.video.duration);
  const analysis = context.analysis;
  for (const reading of analysis?.athletes ?? []) {
    count(reading.index);
    // Analyses stored before readings kept a count have none.
    if (typeof reading.repetitions === 'number') count(reading.repetitions);
    words(reading.name);
    for (const record of reading.metrics) {
      words(record.text);
      words(record.name);
      words(record.target);
      if (record.t !== null) moment(record.t);
    }
    const perEvent = new Map<string, number>();
    for (const event of reading.events) {
      moment(event.t);
      words(event.label);
      perEvent.set(event.name, (perEvent.get(event.name) ?? 0) + 1);
    }
    for (const n of perEvent.values()) count(n);
    for (const line of reading.withheld) words(line);
    for (const fault of guideOf(reading).faults) {
      words(fault.cue);
      for (const drill of fault.drills) words(`${drill.name} ${drill.how}`);
    }
  }
  for (const point of analysis?.coachingPoints ?? []) {
    moment(point.timestamp);
    words(point.title);
    words(point.description);
  }
  for (const detection of context.playerDetections) {
    moment(detection.timestamp);
    words(detection.jerseyNumber);
    share(detection.confidence);
  }
  for (const note of context.annotations) {
    moment(note.timestamp);
    words(note.content);
    if (note.sentiment) share(note.sentiment.confidence);
  }
  return allowed;
}

/**
 * The numbers in a chat answer that the context does not hold: invented ones. Empty for a
 * grounded answer. Counting words ("2 things") up to 3 pass.
 */
export function ungroundedNumbers(context: ChatContext, answer: string, question = ''): string[] {
  const allowed = groundedNumbers(context, question);
  return [...numbersIn(answer)].filter((n) => !allowed.has(n) && !isSmallCount(n));
}

/** Every number written in a text, normalised ("90.0" and "90" are the same number). */
function numbersIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\d+(?:\.\d+)?/g)].map((match) => normalNumber(match[0])));
}

/** A number as the guard compares it: "02", "2.0" and 2 are all "2". */
const normalNumber = (value: number | string) => String(Number(value));

const isSmallCount = (number: string) => Number.isInteger(Number(number)) && Number(number) <= 3;

/** A moment as its pieces are written: m:ss (and m:ss.d), or seconds to a tenth or two. */
function momentForms(seconds: number): string[] {
  const tenths = Math.floor(seconds * 10 + 1e-6);
  return [
    Math.floor(seconds / 60),
    Math.floor(seconds % 60),
    (tenths % 600) / 10,
    seconds.toFixed(1),
    seconds.toFixed(2),
  ].map(normalNumber);
}
