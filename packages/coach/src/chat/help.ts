import type { ChatContext } from './context';
import { clock } from './wording';

/** The questions the built-in coach answers, with examples taken from this clip. */
function capabilities(context: ChatContext): string[] {
  const analysis = context.analysis;
  const main = analysis?.athletes[0];
  // A moment worth asking about: the first coaching point, else a rep, a jump or a note.
  const moment =
    analysis?.coachingPoints[0]?.timestamp ??
    main?.repetitions[0]?.bottom ??
    main?.jumps[0]?.takeOff ??
    context.annotations[0]?.timestamp;
  const jersey = context.playerDetections.find((d) => d.jerseyNumber)?.jerseyNumber;
  const jumpsOnly = main && !main.repetitions.length && main.jumps.length > 0;
  const unit = jumpsOnly ? 'jump' : 'rep';
  return [
    '**What should I fix first?** The weakest measured point, with its moment and number.',
    moment === undefined
      ? '**What happened at a moment** (written m:ss)? What was measured around it.'
      : `**What happened at ${clock(moment)}?** What was measured around that moment.`,
    `**How many ${unit}s did I do?** The measured count, with times.`,
    `**Compare my first and last ${unit}.**`,
    jumpsOnly
      ? '**Are my landings OK?** Also arm extension, jump height.'
      : '**Is my knee angle OK?** Also depth, back angle, knee symmetry, tempo, landings, arms, balance.',
    jersey ? `**Who is number ${jersey}?** Or who is in the video.` : '**Who is in the video?**',
    '**What drills would help?** Suggestions tied to what was measured.',
    '**Summarise the notes.**',
  ];
}

const bullets = (items: string[]) => items.map((item) => `- ${item}`).join('\n');

function stateLine(context: ChatContext): string {
  if (!context.analysis) {
    return ' The clip has not been analysed yet, so for now I can only talk about detected players and notes.';
  }
  return '';
}

export function greetingAnswer(context: ChatContext): string {
  return [
    `Hi! I answer from what was measured in **${context.video.title}**.${stateLine(context)} Ask me, for example:`,
    '',
    bullets(capabilities(context).slice(0, 4)),
  ].join('\n');
}

export function thanksAnswer(context: ChatContext): string {
  const [first, second] = capabilities(context);
  return `You're welcome. Anything else about this clip? For example:\n\n${bullets([first!, second!])}`;
}

export function helpAnswer(context: ChatContext): string {
  return [
    `I answer from the measurements of **${context.video.title}**.${stateLine(context)} You can ask:`,
    '',
    bullets(capabilities(context)),
  ].join('\n');
}

export function unknownAnswer(context: ChatContext): string {
  return [
    "I can only answer from what this clip's measurements and notes show, and I don't have anything on that. I can answer:",
    '',
    bullets(capabilities(context)),
  ].join('\n');
}
