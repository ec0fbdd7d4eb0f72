import type { AthleteReading } from '@filmroom/contract';
import type { ChatContext } from './context';
import { athleteHeading, clipOrReason, faultedRecords, momentsFound, type Clip } from './readings';
import { clock, listed } from './wording';

/**
 * What this clip can answer, athlete by athlete: the key moments of its movement that were
 * found, and the names of the measures taken. Never a menu of things the clip does not have.
 */
export function whatThisClipAnswers(clip: Clip, readings: AthleteReading[] = clip.readings) {
  return readings.flatMap((reading) => {
    const who = athleteHeading(clip.readings, reading).replace(/: $/, '');
    const moments = momentsFound(reading);
    const measures = [...new Set(reading.metrics.map((record) => record.name))];
    const lines = [
      moments.length
        ? `- **Moments of the ${reading.movementLabel.toLowerCase()}**${who ? ` (${who})` : ''}: ${listed(moments)}. Ask what happened at one of them.`
        : `- No key moments of the ${reading.movementLabel.toLowerCase()} were found${who ? ` for ${who}` : ''}.`,
      measures.length
        ? `- **Measures**${who ? ` (${who})` : ''}: ${listed(measures)}. Ask about any of them by name.`
        : '',
    ];
    return lines.filter(Boolean);
  });
}

/** The questions the built-in coach answers about this clip. */
function capabilities(context: ChatContext): string[] {
  const clip = clipOrReason(context);
  const jersey = context.playerDetections.find((d) => d.jerseyNumber)?.jerseyNumber;
  const people = context.playerDetections.length
    ? jersey
      ? `**Who is number ${jersey}?** Or who is in the video.`
      : '**Who is in the video?**'
    : '';
  const notes = context.annotations.length ? '**Summarise the notes.**' : '';
  if (typeof clip === 'string') {
    const moment = context.annotations[0]?.timestamp;
    return [
      people,
      notes,
      moment === undefined ? '' : `**What happened at ${clock(moment)}?** The notes around it.`,
    ].filter(Boolean);
  }
  const faulted = clip.readings.some((reading) => faultedRecords(reading).length > 0);
  const point = clip.analysis.coachingPoints[0];
  return [
    ...whatThisClipAnswers(clip).map((line) => line.replace(/^- /, '')),
    faulted
      ? '**What should I fix first?** The measure furthest from its target, with its moment.'
      : '**How did I do?** What was measured, against its targets.',
    '**What drills would help?** Drills of this movement for what was measured.',
    point ? `**What happened at ${clock(point.timestamp)}?** What was measured around then.` : '',
    people,
    notes,
  ].filter(Boolean);
}

const bullets = (items: string[]) => items.map((item) => `- ${item}`).join('\n');

function stateLine(context: ChatContext): string {
  const clip = clipOrReason(context);
  if (typeof clip !== 'string') return '';
  return context.analysis
    ? ' The analysis measured no athlete, so for now I can only talk about detected players and notes.'
    : ' The clip has not been analysed yet, so for now I can only talk about detected players and notes.';
}

export function greetingAnswer(context: ChatContext): string {
  const can = capabilities(context);
  return [
    `Hi! I answer from what was measured in **${context.video.title}**.${stateLine(context)}`,
    ...(can.length ? ['', 'You can ask about:', '', bullets(can.slice(0, 4))] : []),
  ].join('\n');
}

export function thanksAnswer(context: ChatContext): string {
  const can = capabilities(context).slice(0, 2);
  return can.length
    ? `You're welcome. Anything else about this clip? For example:\n\n${bullets(can)}`
    : "You're welcome.";
}

export function helpAnswer(context: ChatContext): string {
  const can = capabilities(context);
  return [
    `I answer from the measurements of **${context.video.title}**.${stateLine(context)}`,
    ...(can.length ? ['', 'You can ask about:', '', bullets(can)] : []),
  ].join('\n');
}

export function unknownAnswer(context: ChatContext): string {
  const can = capabilities(context);
  return [
    "I can only answer from what this clip's measurements and notes show, and I don't have anything on that.",
    ...(can.length ? ['', 'This clip can answer:', '', bullets(can)] : []),
    ...(typeof clipOrReason(context) === 'string' ? ['', stateLine(context).trim()] : []),
  ].join('\n');
}
