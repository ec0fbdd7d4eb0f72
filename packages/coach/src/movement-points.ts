import type { CoachingPoint } from '@filmroom/contract';
import { momentAt, type AthleteMetrics } from './athlete-metrics';
import type { Reach } from './arm-extension';
import type { BodyMoment } from './body-series';
import { speedSeries } from './movement';
import { bodyLengthOf } from './standing';
import { THRESHOLDS } from './thresholds';
import { armGuides, arrowWithin, highlight, type Frame } from './visual-guides';

// The speed arrow reaches where the hips would be this many seconds later at that speed.
const ARROW_SECONDS = 0.5;
// Arms overhead this long (s) are a deliberate reach or hold; shorter, outside a jump, they
// may be a throw or a shot, whose bent elbow is right.
export const HELD_REACH_SECONDS = 1;

/** Points about the arms overhead, a wobbling hold and the fastest movement, when notable. */
export function movementPoints(
  metrics: AthleteMetrics,
  moments: BodyMoment[],
  frame: Frame,
): CoachingPoint[] {
  return [
    ...armPoints(metrics, moments, frame),
    ...holdPoints(metrics, moments, frame),
    ...speedPoints(metrics, moments, frame),
  ];
}

function armPoints(metrics: AthleteMetrics, moments: BodyMoment[], frame: Frame) {
  const jumpOf = (reach: Reach) =>
    metrics.jumps.find((jump) => reach.start <= jump.end && reach.end >= jump.start);
  const judged = metrics.reaches.filter(
    (reach) => jumpOf(reach) || reach.end - reach.start >= HELD_REACH_SECONDS,
  );
  const bent = judged.filter((reach) => (reach.elbowAngle ?? 180) < THRESHOLDS.fullArmExtension);
  const worst = [...bent].sort((a, b) => a.elbowAngle! - b.elbowAngle!)[0];
  if (!worst) return [];
  const moment = momentAt(moments, worst.peak);
  const jump = jumpOf(worst);
  const others =
    bent.length > 1 ? ` ${bent.length} of ${judged.length} reaches stopped short.` : '';
  return [
    {
      timestamp: moment.t,
      title: jump ? `Jump ${jump.index}: straighten the arms` : 'Reach: straighten the arms',
      description:
        `With the arms overhead the elbows opened to ${Math.round(worst.elbowAngle!)}° at most.` +
        `${others} Reach tall with straight arms, past ${THRESHOLDS.fullArmExtension}°.`,
      type: 'arms',
      visualGuides: armGuides(moment, frame, '#facc15'),
    } satisfies CoachingPoint,
  ];
}

function holdPoints(metrics: AthleteMetrics, moments: BodyMoment[], frame: Frame) {
  const hold = metrics.longestStill;
  if (!hold || hold.seconds < THRESHOLDS.holdSeconds || hold.sway <= THRESHOLDS.holdSway) {
    return [];
  }
  const moment = momentAt(moments, hold.swayAt);
  return [
    {
      timestamp: moment.t,
      title: 'Steady the hold',
      description:
        `Held still for ${hold.seconds.toFixed(1)} s, but the hips swayed ` +
        `${(hold.sway * 100).toFixed(1)} % of body length. Brace the trunk and fix the eyes ` +
        `on one point to keep sway under ${Math.round(THRESHOLDS.holdSway * 100)} %.`,
      type: 'balance',
      visualGuides: highlight(moment.hip, frame, '#60a5fa'),
    } satisfies CoachingPoint,
  ];
}

function speedPoints(metrics: AthleteMetrics, moments: BodyMoment[], frame: Frame) {
  const peak = metrics.peakSpeed;
  if (!peak || peak.speed < THRESHOLDS.notableSpeed) return [];
  // A jump's take-off is its own point.
  if (metrics.jumps.some((jump) => peak.t >= jump.start && peak.t <= jump.end)) return [];
  const bodyLength = bodyLengthOf(moments);
  if (!bodyLength) return [];
  const sample = speedSeries(moments, bodyLength).find((s) => s.t === peak.t);
  if (!sample) return [];
  const moment = momentAt(moments, peak.t);
  const ahead = {
    x: sample.velocity.x * ARROW_SECONDS,
    y: sample.velocity.y * ARROW_SECONDS,
  };
  return [
    {
      timestamp: moment.t,
      title: 'Fastest movement',
      description:
        `The hips travelled ${peak.speed.toFixed(2)} body lengths per second here, this ` +
        `athlete's fastest in the clip. Check that the posture holds at this speed, and compare later efforts with it.`,
      type: 'speed',
      visualGuides: [arrowWithin(moment.hip, ahead, frame, '#60a5fa')],
    } satisfies CoachingPoint,
  ];
}
