/** How the chat words an area's assessment: a fault with its worst moment, or how close it came. */
import type { AthleteMetrics } from '../athlete-metrics';
import {
  measuredAt,
  targetSentence,
  worstFirst,
  type Area,
  type Assessment,
  type Finding,
} from './areas';
import { athletePrefix } from './measured';
import type { Topic } from './question';
import { capitalised, clock, listed } from './wording';

export const AREA_OF_TOPIC: Partial<Record<Topic, Area>> = {
  depth: 'depth',
  trunk: 'trunk',
  symmetry: 'symmetry',
  tempo: 'tempo',
  landing: 'landing',
  arms: 'arms',
  hold: 'hold',
};

/** "107° at 0:02": a finding's value and moment, as every answer writes them. */
export const at = measuredAt;
export const nounPlural = (noun: string) => (/(ch|sh|s)$/.test(noun) ? `${noun}es` : `${noun}s`);

/** One area that missed its target: the worst moment with its number, then the others. */
export function describeFault(assessment: Assessment, athletes: AthleteMetrics[]): string {
  const [worst] = assessment.faults;
  if (!worst) return '';
  const who = athletePrefix(athletes, assessment.athlete);
  const parts = [
    `${capitalised(momentOf(worst, who))} the ${assessment.measure} was ${worst.measured}; ` +
      `${targetSentence(assessment)}.`,
  ];
  const counted = assessment.noun === 'rep' || assessment.noun === 'landing';
  if (assessment.faults.length > 1) {
    const others = [...assessment.faults].sort((a, b) => a.timestamp - b.timestamp);
    parts.push(
      counted
        ? `${howMany(assessment)} ${nounPlural(assessment.noun)} missed it: ${listed(others.map(at))}.`
        : `It missed on ${listed(others.map(at))}.`,
    );
  } else if (assessment.findings.length > 1) {
    parts.push(`The other ${nounPlural(assessment.noun)} met it.`);
  }
  if (assessment.detail) parts.push(assessment.detail);
  return parts.join(' ');
}

/** "At 0:02 (rep 1)", or "Over the set" for a measure of the whole set. */
export function momentOf(finding: Finding, who = ''): string {
  return finding.label === 'the set'
    ? `over the set${who ? ` (${who.replace(/, $/, '')})` : ''}`
    : `at ${clock(finding.timestamp)} (${who}${finding.label})`;
}

/** "All 3", "Both" or "2 of 3": how many of the measured instances missed the target. */
export function howMany(assessment: Assessment): string {
  const { faults, findings } = assessment;
  if (faults.length < findings.length) return `${faults.length} of ${findings.length}`;
  return findings.length === 2 ? 'Both' : `All ${findings.length}`;
}

/** One area within its target, compactly: how close the nearest instance came. */
export function describeOk(assessment: Assessment): string {
  const [closest] = worstFirst(assessment);
  if (!closest) return '';
  const detail = assessment.detail ? ` ${assessment.detail}` : '';
  if (assessment.findings.length === 1) {
    return `${assessment.measure} ${at(closest)}, within the target (${assessment.target}).${detail}`;
  }
  return (
    `every ${assessment.noun} met the target (${assessment.target}) for ${assessment.measure}; ` +
    `the closest was ${closest.label} with ${at(closest)}.`
  );
}
