import type { AthleteMetrics, JumpMeasure } from './athlete-metrics';
import type { CoachInstructions } from './instructions';
import { highestJump } from './jumps';
import { isShallowSquat, THRESHOLDS } from './thresholds';
import { bodyLengths, clock } from './units';

const degrees = (value: number | undefined) =>
  value === undefined ? 'not seen' : `${Math.round(value)}°`;
const seconds = (value: number) => `${value.toFixed(1)} s`;
// Air time in hundredths: a jump's whole flight is a few tenths of a second.
const airTime = (jump: JumpMeasure) =>
  `${jump.airTimeFrom === 'hips' ? 'about ' : ''}${jump.airTime.toFixed(2)} s`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One line saying how the coach's instructions shaped this write-up, if they did. */
function instructionsLine(instructions: CoachInstructions | undefined): string[] {
  if (!instructions) return [];
  const parts = [];
  if (instructions.focus.length) parts.push(`focus on ${instructions.focus.join(', ')}`);
  if (instructions.window) {
    parts.push(
      `moments between ${clock(instructions.window.from)} and ${clock(instructions.window.to)}`,
    );
  }
  if (instructions.level !== 'standard') parts.push(`${instructions.level} level`);
  return parts.length ? [`_As asked: ${parts.join('; ')}._`, ''] : [];
}

/** The markdown technical analysis: what was measured, in a table, then rep by rep. */
export function technicalAnalysis(
  athletes: AthleteMetrics[],
  duration: number,
  instructions?: CoachInstructions,
): string {
  if (athletes.length === 0) {
    return [
      '## Summary',
      '',
      `No athlete was seen clearly enough to measure in this ${seconds(duration)} clip. ` +
        'Film the whole body, side-on or at 45°, in good light, and keep the athlete in frame.',
    ].join('\n');
  }
  const sections: string[] = [...instructionsLine(instructions)];
  athletes.forEach((metrics, index) => {
    const name = athletes.length > 1 ? `Athlete ${index + 1}` : 'The athlete';
    const reps = metrics.repetitions;
    const jumps = metrics.jumps;
    sections.push(
      athletes.length > 1 ? `## Athlete ${index + 1}` : '## Summary',
      '',
      `${name} was tracked for ${seconds(metrics.seenSeconds)} of the ${seconds(duration)} clip` +
        (reps.length
          ? ` and completed **${reps.length} repetition${reps.length === 1 ? '' : 's'}**.`
          : jumps.length
            ? ` and made **${plural(jumps.length, 'jump')}**.`
            : '; no repeated up-and-down movement was found.'),
      '',
      '| Measure | Value | Target |',
      '|---|---|---|',
      `| Repetitions | ${reps.length} | |`,
      `| Deepest knee angle | ${degrees(metrics.deepestKneeAngle)} | about ${THRESHOLDS.parallelKneeAngle}° or less |`,
      `| Largest trunk lean | ${degrees(metrics.maxTrunkLean)} | under ${THRESHOLDS.trunkLean}° |`,
      `| Left/right knee difference | ${degrees(metrics.kneeAsymmetry)} | under ${THRESHOLDS.kneeDifference}° |`,
      `| Stance width | ${metrics.medianStanceRatio === undefined ? 'not seen' : `${metrics.medianStanceRatio.toFixed(1)} × shoulder width`} | ${THRESHOLDS.stanceRatio.min.toFixed(1)}-${THRESHOLDS.stanceRatio.max.toFixed(1)} × |`,
      `| Tempo variation | ${metrics.tempoVariation === undefined ? 'n/a' : `${Math.round(metrics.tempoVariation * 100)} %`} | under ${THRESHOLDS.tempoVariation * 100} % |`,
      `| Hip travel | ${metrics.movementSpeed.toFixed(2)} body lengths/s | |`,
      ...movementRows(metrics),
      '',
    );
    if (reps.length) {
      sections.push('### Rep by rep', '');
      for (const rep of reps) {
        sections.push(
          `- **Rep ${rep.index}** (${seconds(rep.start)}-${seconds(rep.end)}): down ${seconds(rep.descentSeconds)}, ` +
            (rep.cutOff ? 'the clip ends on the way up' : `up ${seconds(rep.ascentSeconds)}`) +
            `, knee angle at the bottom ${degrees(rep.kneeAngleAtBottom)}, ` +
            `trunk lean ${degrees(rep.trunkLeanAtBottom)}.`,
        );
      }
      sections.push('');
    }
    if (jumps.length) sections.push('### Jump by jump', '', ...jumps.map(jumpLine), '');
  });
  return sections.join('\n').trim();
}

/** Table rows for jumps, arms, holds and speed, after the squat rows. */
function movementRows(metrics: AthleteMetrics): string[] {
  const { jumps, longestStill: still, peakSpeed } = metrics;
  const highest = highestJump(jumps);
  const longestAir = [...jumps].sort((a, b) => b.airTime - a.airTime)[0];
  // Rows about jumps and overhead reaches only when the clip has some: a squat set's table
  // should not read "Jumps 0".
  return [
    ...(highest && longestAir
      ? [
          `| Jumps | ${jumps.length} | |`,
          `| Highest hip rise | ${bodyLengths(highest.hipRise)} | |`,
          `| Longest air time | ${airTime(longestAir)} | |`,
        ]
      : []),
    ...(metrics.reaches.length
      ? [
          `| Arm extension (straightest elbow) | ${degrees(metrics.largestElbowAngle)} | over ${THRESHOLDS.fullArmExtension}° overhead |`,
        ]
      : []),
    `| Longest still period | ${still ? `${seconds(still.seconds)}, hip sway ${(still.sway * 100).toFixed(1)} % of body length` : 'none of 1 s or more'} | sway under ${Math.round(THRESHOLDS.holdSway * 100)} % |`,
    `| Peak speed | ${peakSpeed ? `${peakSpeed.speed.toFixed(2)} body lengths/s at ${seconds(peakSpeed.t)}` : 'n/a'} | |`,
  ];
}

function jumpLine(jump: JumpMeasure): string {
  const arms =
    jump.elbowAngle === undefined
      ? ''
      : `, arms overhead at ${degrees(jump.elbowAngle)}` +
        (jump.elbowAngle > THRESHOLDS.fullArmExtension ? ' (fully extended)' : ' (elbows bent)');
  return (
    `- **Jump ${jump.index}** (take-off ${seconds(jump.takeOff)}): air time ${airTime(jump)}` +
    (jump.airTimeFrom === 'hips' ? ' (from the hips; the feet were not seen)' : '') +
    `, hip rise ${bodyLengths(jump.hipRise)}, knee angle at landing ${degrees(jump.landingKneeAngle)}${arms}.`
  );
}

/** Two or three sentences a coach would say at the end of the set. */
export function overallFeedback(
  athletes: AthleteMetrics[],
  instructions?: CoachInstructions,
): string | null {
  const main = athletes[0];
  if (!main) return null;
  const reps = main.repetitions;
  if (reps.length === 0 && main.jumps.length) return jumpFeedback(main, instructions);
  if (reps.length === 0) {
    return `No repetitions to judge: the athlete moved ${main.movementSpeed.toFixed(2)} body lengths per second on average.`;
  }
  const shallow = reps.filter(isShallowSquat);
  const leaning = reps.filter((rep) => (rep.trunkLeanAtBottom ?? 0) > THRESHOLDS.trunkLean);
  const parts = [`${reps.length} rep${reps.length === 1 ? '' : 's'} measured.`];
  parts.push(
    shallow.length === 0
      ? `Depth was good on every rep (deepest knee angle ${degrees(main.deepestKneeAngle)}).`
      : `${shallow.length} of ${reps.length} reps stopped short of parallel: depth is the first thing to fix.`,
  );
  if (leaning.length)
    parts.push(`The chest dropped on ${leaning.length} rep${leaning.length === 1 ? '' : 's'}.`);
  if (main.tempoVariation !== undefined) {
    parts.push(
      main.tempoVariation > THRESHOLDS.tempoVariation
        ? 'Tempo varied from rep to rep.'
        : 'Tempo was steady.',
    );
  }
  if (instructions?.tone === 'encouraging') parts.unshift('Good session.');
  if (instructions?.tone === 'direct') return parts.slice(0, 2).join(' ');
  return parts.join(' ');
}

function jumpFeedback(main: AthleteMetrics, instructions?: CoachInstructions): string {
  const jumps = main.jumps;
  const highest = highestJump(jumps)!;
  const landed = jumps.filter((jump) => jump.landingKneeAngle !== undefined);
  const stiff = landed.filter((jump) => jump.landingKneeAngle! > THRESHOLDS.stiffLandingKneeAngle);
  const parts = [
    `${plural(jumps.length, 'jump')} measured: the highest raised the hips ` +
      `${bodyLengths(highest.hipRise)} with ${airTime(highest)} in the air.`,
  ];
  if (stiff.length) {
    parts.push(
      `${stiff.length} of ${jumps.length} landings ${stiff.length === 1 ? 'was' : 'were'} on ` +
        'nearly straight knees: soften them first.',
    );
  } else if (landed.length) {
    const stiffest = Math.max(...landed.map((jump) => jump.landingKneeAngle!));
    parts.push(`Every landing was absorbed with bent knees (at most ${degrees(stiffest)}).`);
  }
  if (instructions?.tone === 'encouraging') parts.unshift('Good session.');
  return parts.join(' ');
}
