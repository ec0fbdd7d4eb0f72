import type { AthleteMetrics } from '../athlete-metrics';
import type { ChatAnalysis, ChatContext } from './context';
import { clock } from './wording';

export type Measured = { analysis: ChatAnalysis; athletes: AthleteMetrics[] };

/**
 * The analysis with at least one measured athlete, or the plain reason there is none: the
 * clip was not analysed yet, or the analysis saw nobody clearly enough to measure.
 */
export function measuredOrReason(context: ChatContext): Measured | string {
  const { analysis, video } = context;
  if (!analysis) {
    return (
      `**${video.title}** has not been analysed yet, so there are no measurements to answer ` +
      'from. Once the analysis is ready I can point to the reps, angles and moments it measured.'
    );
  }
  if (!analysis.athletes.length) {
    return (
      `The analysis found no athlete clear enough to measure in this ${clock(video.duration)} ` +
      'clip, so there are no reps, angles or timings to answer from. For the next clip, film ' +
      'the whole body from the side, in good light, and keep the athlete in frame.'
    );
  }
  return { analysis, athletes: analysis.athletes };
}

/** "athlete 2, " when several athletes were measured; nothing for a clip of one. */
export const athletePrefix = (athletes: AthleteMetrics[], index: number) =>
  athletes.length > 1 ? `athlete ${index + 1}, ` : '';

/** "**Athlete 2.** " before a paragraph about one of several athletes. */
export const athleteHeading = (athletes: AthleteMetrics[], index: number) =>
  athletes.length > 1 ? `**Athlete ${index + 1}${index === 0 ? ' (seen longest)' : ''}.** ` : '';
