import type { CoachingPoint } from '@filmroom/contract';
import { momentAt, type AthleteMetrics } from './athlete-metrics';
import type { BodyMoment } from './body-series';
import { highestJump } from './jumps';
import { bodyLengthOf } from './standing';
import { THRESHOLDS } from './thresholds';
import { bodyLengths } from './units';
import { arrowWithin, legGuides, type Frame } from './visual-guides';

/** The highest jump as the model, and every landing taken on nearly straight knees. */
export function jumpPoints(
  metrics: AthleteMetrics,
  moments: BodyMoment[],
  frame: Frame,
): CoachingPoint[] {
  const points: CoachingPoint[] = [];
  const jumps = metrics.jumps;
  const best = highestJump(jumps);
  const bodyLength = bodyLengthOf(moments) ?? 0;
  if (best) {
    const takeOff = momentAt(moments, best.takeOff);
    const top = momentAt(moments, best.peak);
    // Take-off and top can be one sample at a low frame rate: then the arrow points straight up.
    const towardTop =
      top === takeOff
        ? { x: 0, y: -best.hipRise * bodyLength }
        : { x: top.hip.x - takeOff.hip.x, y: top.hip.y - takeOff.hip.y };
    points.push({
      timestamp: takeOff.t,
      title: jumps.length > 1 ? `Jump ${best.index}: highest jump` : `Jump ${best.index}: take-off`,
      description:
        `The hips rose ${bodyLengths(best.hipRise)} with ${best.airTime.toFixed(2)} s in the air. ` +
        (jumps.length > 1
          ? 'Use it as the model for every jump.'
          : 'Drive hips, knees and ankles straight together to go higher.'),
      type: 'jump',
      visualGuides: [
        ...legGuides(takeOff, frame, '#4ade80'),
        arrowWithin(takeOff.hip, towardTop, frame, '#4ade80'),
      ],
    });
  }

  const stiff = jumps.filter(
    (jump) => (jump.landingKneeAngle ?? 0) > THRESHOLDS.stiffLandingKneeAngle,
  );
  for (const jump of stiff) {
    const landed = momentAt(moments, jump.landingKneeAt);
    points.push({
      timestamp: landed.t,
      title: `Jump ${jump.index}: soften the landing`,
      description:
        `The knees bent only to ${Math.round(jump.landingKneeAngle!)}° on landing. ` +
        `Land on the balls of the feet and let the hips and knees bend past ` +
        `${THRESHOLDS.stiffLandingKneeAngle}° to absorb the impact.`,
      type: 'landing',
      visualGuides: [
        ...legGuides(landed, frame, '#f87171'),
        arrowWithin(landed.hip, { x: 0, y: bodyLength * 0.1 }, frame, '#f87171'),
      ],
    });
  }
  return points;
}
