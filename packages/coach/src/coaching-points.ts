import type { CoachingPoint } from '@filmroom/contract';
import type { AthleteMetrics, RepetitionMeasure } from './athlete-metrics';
import { momentAt } from './athlete-metrics';
import type { BodyMoment } from './body-series';
import { jumpPoints } from './jump-points';
import { movementPoints } from './movement-points';
import { isShallowSquat, THRESHOLDS } from './thresholds';
import { arrow, highlight, legGuides, line, type Frame } from './visual-guides';

const round = (value: number) => Math.round(value);
const formatSeconds = (seconds: number) => `${seconds.toFixed(1)} s`;

/**
 * The moments worth a coach's attention, each stating what was measured and what to change,
 * with guides drawn from the athlete's own keypoints at that instant.
 */
export function coachingPointsFor(
  metrics: AthleteMetrics,
  moments: BodyMoment[],
  frame: Frame,
): CoachingPoint[] {
  const points: CoachingPoint[] = [];
  const reps = metrics.repetitions;
  const atBottom = (rep: RepetitionMeasure) => momentAt(moments, rep.bottom);

  const shallow = reps.filter(isShallowSquat);
  for (const rep of shallow) {
    const moment = atBottom(rep);
    points.push({
      timestamp: rep.bottom,
      title: `Rep ${rep.index}: sit deeper`,
      description:
        `Knee angle at the bottom was ${round(rep.kneeAngleAtBottom!)}°. ` +
        `Sink until the thighs are about parallel (around ${THRESHOLDS.parallelKneeAngle}°) while keeping the heels down.`,
      type: 'technique',
      visualGuides: [
        ...legGuides(moment, frame, '#facc15'),
        arrow(
          moment.hip,
          { x: moment.hip.x, y: moment.hip.y + frame.height * 0.06 },
          frame,
          '#facc15',
        ),
      ],
    });
  }

  const deepest = [...reps].sort(
    (a, b) => (a.kneeAngleAtBottom ?? 180) - (b.kneeAngleAtBottom ?? 180),
  )[0];
  if (
    deepest?.kneeAngleAtBottom !== undefined &&
    deepest.kneeAngleAtBottom <= THRESHOLDS.shallowKneeAngle
  ) {
    points.push({
      timestamp: deepest.bottom,
      title: `Rep ${deepest.index}: full depth`,
      description:
        `Deepest rep: knee angle ${round(deepest.kneeAngleAtBottom)}° at the bottom. ` +
        `Use it as the model for every rep.`,
      type: 'technique',
      visualGuides: legGuides(atBottom(deepest), frame, '#4ade80'),
    });
  }

  for (const rep of reps.filter((r) => (r.trunkLeanAtBottom ?? 0) > THRESHOLDS.trunkLean)) {
    const moment = atBottom(rep);
    points.push({
      timestamp: rep.bottom,
      title: `Rep ${rep.index}: chest up`,
      description:
        `The trunk leaned ${round(rep.trunkLeanAtBottom!)}° from vertical at the bottom. ` +
        `Brace and keep the chest up so the lean stays under ${THRESHOLDS.trunkLean}°.`,
      type: 'posture',
      visualGuides: [
        ...line(moment.hip, moment.shoulder, frame, '#f87171'),
        arrow(
          moment.shoulder,
          { x: moment.hip.x, y: moment.shoulder.y - frame.height * 0.05 },
          frame,
          '#f87171',
        ),
      ],
    });
  }

  const uneven = reps.filter(
    (rep) => (rep.kneeDifferenceAtBottom ?? 0) > THRESHOLDS.kneeDifference,
  );
  if (uneven.length > 0) {
    const worst = uneven.sort((a, b) => b.kneeDifferenceAtBottom! - a.kneeDifferenceAtBottom!)[0]!;
    const moment = atBottom(worst);
    const bentMore = (moment.leftKneeAngle ?? 0) < (moment.rightKneeAngle ?? 0) ? 'left' : 'right';
    points.push({
      timestamp: worst.bottom,
      title: 'Uneven knees',
      description:
        `At the bottom of rep ${worst.index} the knees differed by ${round(worst.kneeDifferenceAtBottom!)}° ` +
        `(the ${bentMore} bent more). Share the load evenly: film from the front to check for a hip shift.`,
      type: 'symmetry',
      visualGuides: highlight(moment.points[`${bentMore}_knee`], frame, '#fb923c'),
    });
  }

  if (metrics.tempoVariation !== undefined && metrics.tempoVariation > THRESHOLDS.tempoVariation) {
    const slowest = [...reps].sort((a, b) => b.end - b.start - (a.end - a.start))[0]!;
    const fastest = [...reps].sort((a, b) => a.end - a.start - (b.end - b.start))[0]!;
    points.push({
      timestamp: slowest.start,
      title: 'Keep an even tempo',
      description:
        `Reps took between ${formatSeconds(fastest.end - fastest.start)} and ` +
        `${formatSeconds(slowest.end - slowest.start)}. Pick one count (for example 2 down, 1 up) ` +
        `and hold it for the whole set.`,
      type: 'consistency',
      visualGuides: highlight(atBottom(slowest).hip, frame, '#60a5fa'),
    });
  }

  points.push(...jumpPoints(metrics, moments, frame), ...movementPoints(metrics, moments, frame));
  return points.sort((a, b) => a.timestamp - b.timestamp);
}
