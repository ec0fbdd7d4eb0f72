import { AREA_GUIDES } from './area-guides';
import { faultsFirst, type Assessment } from './areas';
import type { ChatContext } from './context';
import { clock } from './wording';

/** A question about the worst moment of an area, with its measured number and time. */
function whyQuestion(assessment: Assessment): string {
  const worst = assessment.faults[0]!;
  const at = clock(worst.timestamp);
  switch (assessment.area) {
    case 'depth':
      return `Why was my knee angle ${worst.measured} at ${at}?`;
    case 'trunk':
      return `Why did my trunk lean ${worst.measured} at ${at}?`;
    case 'symmetry':
      return `Why were my knees ${worst.measured} apart at ${at}?`;
    case 'tempo':
      return `Why did my tempo vary by ${worst.measured}?`;
    case 'landing':
      return `Why was my landing at ${at} so stiff (${worst.measured})?`;
    case 'arms':
      return `Why did my elbows only open to ${worst.measured} at ${at}?`;
    case 'hold':
      return `Why did I sway ${worst.measured} at ${at}?`;
  }
}

/**
 * Three or four questions to start the chat with, made from the clip's analysis: its weakest
 * measured moment first. Every one is a question the built-in coach answers.
 */
export function suggestedPrompts(context: ChatContext): string[] {
  const analysis = context.analysis;
  const extras = [
    context.annotations.length ? 'Summarise the notes' : undefined,
    context.playerDetections.length ? 'Who is in the video?' : undefined,
  ].filter((p): p is string => p !== undefined);
  if (!analysis) {
    return [
      'What should I work on first?',
      'How many reps did I do?',
      ...extras,
      'What can you answer?',
    ].slice(0, 4);
  }
  const main = analysis.athletes[0];
  if (!main) return [...extras, 'Why was no athlete measured?', 'What can you answer?'].slice(0, 4);

  const unit = !main.repetitions.length && main.jumps.length ? 'jump' : 'rep';
  const count = main.repetitions.length || main.jumps.length;
  const [fault] = faultsFirst(analysis.athletes);
  const prompts = fault
    ? [
        whyQuestion(fault),
        `How many ${unit}s did I do?`,
        `What drills would help my ${AREA_GUIDES[fault.area].name}?`,
      ]
    : ['What did I do well?', `How many ${unit}s did I do?`, 'What drills would help me progress?'];
  if (count >= 2) prompts.push(`Compare my first and last ${unit}`);
  else prompts.push(...extras, 'What should I work on first?');
  return [...new Set(prompts)].slice(0, 4);
}
