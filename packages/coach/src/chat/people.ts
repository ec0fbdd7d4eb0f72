import type { ChatAnnotation, ChatContext, ChatPlayerDetection } from './context';
import type { Question } from './question';
import { clock, listed, percent } from './wording';

/** The detections of one person: an identified player, or one shirt number, or nobody known. */
export type DetectedPerson = {
  name: string | null;
  jerseyNumbers: string[];
  jerseyColors: string[];
  first: number;
  last: number;
  bestConfidence: number;
};

const jerseyKey = (value: string) =>
  String(Number(value)) === 'NaN' ? value : String(Number(value));

/** Detections grouped by player name, else by shirt number, in order of first appearance. */
export function detectedPeople(detections: ChatPlayerDetection[]): DetectedPerson[] {
  const people = new Map<string, DetectedPerson>();
  for (const d of [...detections].sort((a, b) => a.timestamp - b.timestamp)) {
    const key = d.name
      ? `name:${d.name}`
      : d.jerseyNumber
        ? `number:${jerseyKey(d.jerseyNumber)}`
        : 'unknown';
    const person = people.get(key) ?? {
      name: d.name,
      jerseyNumbers: [],
      jerseyColors: [],
      first: d.timestamp,
      last: d.timestamp,
      bestConfidence: d.confidence,
    };
    if (d.jerseyNumber && !person.jerseyNumbers.includes(jerseyKey(d.jerseyNumber))) {
      person.jerseyNumbers.push(jerseyKey(d.jerseyNumber));
    }
    if (d.jerseyColor && !person.jerseyColors.includes(d.jerseyColor)) {
      person.jerseyColors.push(d.jerseyColor);
    }
    person.last = d.timestamp;
    person.bestConfidence = Math.max(person.bestConfidence, d.confidence);
    people.set(key, person);
  }
  return [...people.values()];
}

/** "**Alex** (#7, red shirt), seen 0:01-0:09, confidence up to 92 %". */
export function describePerson(person: DetectedPerson): string {
  const shirt = [
    person.jerseyNumbers.map((n) => `#${n}`).join('/'),
    person.jerseyColors.length ? `${person.jerseyColors.join('/')} shirt` : '',
  ].filter(Boolean);
  const who = person.name
    ? `**${person.name}**`
    : person.jerseyNumbers.length
      ? 'Not identified'
      : 'Not identified, no shirt number read';
  const seen =
    person.first === person.last
      ? `seen at ${clock(person.first)}`
      : `seen ${clock(person.first)}-${clock(person.last)}`;
  return `${who}${shirt.length ? ` (${shirt.join(', ')})` : ''}, ${seen}, confidence up to ${percent(person.bestConfidence)}`;
}

export function whoAnswer(context: ChatContext, question: Question): string {
  const detections = context.playerDetections;
  const readings = context.analysis?.athletes ?? [];
  const followed = readings.length
    ? `The analysis followed ${listed(readings.map((r) => `**${r.name}** (${r.movementLabel.toLowerCase()})`))}.`
    : '';
  const jersey = question.jersey;
  if (!detections.length) {
    if (jersey) {
      return `No players were detected in this clip, so I can't tell who number ${jersey} is.${followed ? ` ${followed}` : ''}`;
    }
    return (
      followed ||
      'No players were detected in this clip, so nobody is identified by name or shirt number.'
    );
  }
  if (jersey === undefined) {
    const people = detectedPeople(detections);
    return [
      `**Detected in ${context.video.title}:**`,
      '',
      ...people.map((person) => `- ${describePerson(person)}`),
      ...(followed ? ['', followed] : []),
    ].join('\n');
  }
  const wearing = detections.filter(
    (d) => d.jerseyNumber !== null && jerseyKey(d.jerseyNumber) === jersey,
  );
  if (!wearing.length) {
    const numbers = [
      ...new Set(
        detections.flatMap((d) => (d.jerseyNumber ? [`#${jerseyKey(d.jerseyNumber)}`] : [])),
      ),
    ];
    return (
      `Nobody wearing number ${jersey} was detected in this clip.` +
      (numbers.length ? ` Numbers read: ${listed(numbers)}.` : ' No shirt numbers were read in it.')
    );
  }
  const people = detectedPeople(wearing);
  const named = people.filter((p) => p.name);
  if (named.length === 1) {
    return `Number ${jersey} is ${describePerson(named[0]!)}.`;
  }
  if (named.length > 1) {
    return [
      `Number ${jersey} was matched to more than one player:`,
      '',
      ...named.map((p) => `- ${describePerson(p)}`),
    ].join('\n');
  }
  return `Number ${jersey} was detected but not identified as a known player: ${describePerson(people[0]!)}.`;
}

const MAX_NOTE_CHARS = 300;

const quoted = (content: string) => {
  const text = content.replace(/\s+/g, ' ').trim();
  return `“${text.length > MAX_NOTE_CHARS ? `${text.slice(0, MAX_NOTE_CHARS)}…` : text}”`;
};

export function noteLine(note: ChatAnnotation): string {
  const sentiment = note.sentiment
    ? ` _(${note.sentiment.label}, ${percent(note.sentiment.confidence)})_`
    : '';
  return `**${clock(note.timestamp)}** ${note.author}: ${quoted(note.content)}${sentiment}`;
}

// A note this close to a coaching point is about the same moment.
const SAME_MOMENT = 1;

export function notesAnswer(context: ChatContext): string {
  const notes = [...context.annotations].sort((a, b) => a.timestamp - b.timestamp);
  if (!notes.length) {
    return 'There are no notes on this video yet. Add one at a moment in the video and I can summarise them with what was measured there.';
  }
  const points = context.analysis?.coachingPoints ?? [];
  const lines = notes.map((note) => {
    const point = points.find((p) => Math.abs(p.timestamp - note.timestamp) <= SAME_MOMENT);
    return `- ${noteLine(note)}${point ? ` Measured there: **${point.title}**.` : ''}`;
  });
  return [`**Notes on ${context.video.title}**, in time order:`, '', ...lines, '', tone(notes)]
    .join('\n')
    .trim();
}

function tone(notes: ChatAnnotation[]): string {
  const labels = notes.flatMap((n) => (n.sentiment ? [n.sentiment.label] : []));
  if (!labels.length) return '';
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  const [top, topCount] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  if (counts.size === 1) return `Every scored note reads ${top}.`;
  if (topCount > labels.length / 2) return `Most notes read ${top}.`;
  return 'The notes are mixed in tone.';
}
