/** Drills as suggestions, chosen by the areas that missed their target. */
import { AREA_GUIDES, NEXT_STEP_DRILLS, type Drill } from './area-guides';
import { AREA_OF_TOPIC, momentOf } from './area-wording';
import { assessAthlete, faultsFirst, targetSentence } from './areas';
import { unmeasured } from './checks';
import type { ChatContext } from './context';
import { athletePrefix, measuredOrReason } from './measured';
import type { Question } from './question';

export function drillsAnswer(context: ChatContext, question: Question): string {
  const measured = measuredOrReason(context);
  if (typeof measured === 'string') return measured;
  const athlete = measured.athletes[0]!;
  const named = question.topic ? AREA_OF_TOPIC[question.topic] : undefined;
  const assessments = assessAthlete(athlete);
  const areas = named
    ? assessments.filter((a) => a.area === named)
    : faultsFirst(measured.athletes).filter(
        (a, i, all) => all.findIndex((b) => b.area === a.area) === i,
      );
  if (named && !areas.length) {
    return [
      unmeasured(named, athlete),
      '',
      `General drills for ${AREA_GUIDES[named].name}, as suggestions:`,
      '',
      drillList(AREA_GUIDES[named].drills.slice(0, 2)),
    ].join('\n');
  }
  if (!areas.length) {
    const kind = athlete.repetitions.length ? 'reps' : athlete.jumps.length ? 'jumps' : 'other';
    return [
      'Nothing measured missed its target, so these suggestions build on what you did:',
      '',
      drillList(NEXT_STEP_DRILLS[kind]),
    ].join('\n');
  }
  // Two or three drills in all: two for the first area and one for the next, or three for one.
  const sections = areas.slice(0, 2).map((assessment, i) => {
    const guide = AREA_GUIDES[assessment.area];
    const count = i === 0 ? (areas.length > 1 ? 2 : 3) : 1;
    const worst = assessment.faults[0];
    const who = athletePrefix(measured.athletes, assessment.athlete);
    const because = worst
      ? `**For ${guide.name}**: ${momentOf(worst, who)} the ${assessment.measure} was ${worst.measured}; ${targetSentence(assessment)}.`
      : `**For ${guide.name}**: it met the target of ${assessment.target}; these keep it there.`;
    return [because, '', drillList(guide.drills.slice(0, count))].join('\n');
  });
  return ['Suggestions tied to what was measured, not a prescription.', '', ...sections]
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n');
}

function drillList(drills: Drill[]): string {
  return drills.map((drill) => `- **${drill.name}**: ${drill.how}`).join('\n');
}
